import { beforeAll, describe, expect, it } from "vitest";
import { call, useTestApp } from "../../../test/test-app";
import { roleTokens } from "../../../test/factories";

/** POST /api/questions (one question with its place) keeps every type's fields (issue 27); students never see a key. */

const t = useTestApp();
let admin: string, teacher: string, student: string;
beforeAll(async () => {
  ({ admin, teacher, student } = await roleTokens(t.database.db, { studentType: "jhs3" }));
});

const place = { year: 2024, subject: "Typed Science", section: "A" };
const post = (token: string | undefined, body: unknown) => call(t.app, { method: "POST", url: "/api/questions", token, payload: body as never });

describe("POST /api/questions with a type", () => {
  it("stores a numerical, a short and a written question as they are, and keeps their keys from students", async () => {
    const num = await post(teacher, { ...place, type: "numerical", text: "Length of the rod, in cm?", value: 3, tolerance: 0.5, unit: "cm", marks: 2 });
    expect(num.status).toBe(201);
    expect(num.body).toMatchObject({ type: "numerical", marks: 2, value: 3, tolerance: 0.5, unit: "cm", options: [], answer: "3 cm" });
    const short = await post(teacher, { ...place, type: "short", text: "Name the capital of Ghana.", accepted: [{ text: "Accra", fraction: 100 }] });
    expect(short.body).toMatchObject({ type: "short", accepted: [{ text: "Accra", fraction: 100 }], contains: false, answer: "Accra" });
    const written = await post(admin, {
      ...place,
      type: "written",
      text: "Explain photosynthesis.",
      parts: [
        { label: "a", marks: 2, scheme: "Light energy" },
        { label: "b", marks: 3, scheme: "Glucose and oxygen" },
      ],
    });
    expect(written.body).toMatchObject({ type: "written", marks: 5, answer: null, parts: [{ label: "a" }, { label: "b" }] });

    const seen = await call(t.app, { method: "GET", url: `/api/questions?year=2024&subject=Typed%20Science`, token: student });
    expect(seen.status).toBe(200);
    const text = JSON.stringify(seen.body);
    for (const secret of ["Accra", "Light energy", "Glucose", '"value"', '"tolerance"', '"answer"', '"accepted"', '"scheme"'])
      expect(text).not.toContain(secret);
    expect(seen.body.questions.find((q: { type: string }) => q.type === "written").parts).toEqual([
      { label: "a", marks: 2 },
      { label: "b", marks: 3 },
    ]);
  });

  it("refuses a type's missing or wrong fields with the field's message, a student, and no session", async () => {
    expect((await post(teacher, { ...place, type: "essay", text: "x" })).status).toBe(400);
    const badTf = await post(teacher, { ...place, type: "true_false", text: "Water boils at 100 °C.", answer: "Maybe" });
    expect(badTf).toMatchObject({ status: 400, body: { error: expect.stringContaining('"True" or "False"') } });
    const badParts = await post(teacher, { ...place, type: "written", text: "x", marks: 4, parts: [{ label: "a", marks: 2, scheme: "" }] });
    expect(badParts).toMatchObject({ status: 400, body: { error: expect.stringContaining("add up") } });
    expect((await post(student, { ...place, type: "short", text: "x", accepted: [{ text: "y" }] })).status).toBe(403);
    expect((await post(undefined, { ...place, text: "x", options: ["a", "b"] })).status).toBe(401);
  });
});
