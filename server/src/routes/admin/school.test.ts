import sharp from "sharp";
import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_ASSESSMENT, SCHOOL_MESSAGES } from "@adesua/domain";
import { call, useTestApp } from "../../../test/test-app";
import { roleTokens } from "../../../test/factories";
import { form, pdfBytes } from "../../../test/uploads";
import { loadSchoolPrint } from "../../services/prints/print.service";
import { schoolAssessment } from "../../services/admin/school.service";

/** Issue 28: the school's name, address, motto and crest as printed, and its assessment settings. */
const t = useTestApp();
let admin: string;
let teacher: string;
let student: string;

beforeAll(async () => {
  ({ admin, teacher, student } = await roleTokens(t.database.db));
});

const upload = (token: string, name: string, bytes: Buffer, type = "image/png") =>
  call(t.app, { method: "PUT", url: "/api/school/crest", token, payload: form({}, { file: { name, bytes, type } }) as never });

describe("GET/PUT /api/school", () => {
  it("starts unnamed with the default assessment settings; every signed-in user reads it, nobody else", async () => {
    expect((await call(t.app, { method: "GET", url: "/api/school" })).status).toBe(401);
    for (const token of [admin, teacher, student]) {
      const r = await call(t.app, { method: "GET", url: "/api/school", token });
      expect(r.status).toBe(200);
      expect(r.body).toEqual({ name: "", address: "", motto: "", crest: null, assessment: DEFAULT_ASSESSMENT });
    }
    expect((await loadSchoolPrint(t.database.db)).name).toBe(process.env.SCHOOL_NAME?.trim() || "Adesua");
  });

  it("an admin names the school and changes part of the settings; the rest stays; audited", async () => {
    const put = (token: string, payload: unknown) => call(t.app, { method: "PUT", url: "/api/school", token, payload: payload as never });
    expect((await put(teacher, { name: "X" })).status).toBe(403);
    expect((await put(student, { name: "X" })).status).toBe(403);
    const r = await put(admin, {
      name: "Adesua JHS",
      address: "P.O. Box 12, Kumasi",
      motto: "Knowledge is light",
      assessment: { classWeight: 50, examWeight: 50 },
    });
    expect(r.status).toBe(200);
    expect(r.body).toMatchObject({ name: "Adesua JHS", address: "P.O. Box 12, Kumasi", motto: "Knowledge is light" });
    expect(r.body.assessment).toEqual({ ...DEFAULT_ASSESSMENT, classWeight: 50, examWeight: 50 });
    const r2 = await put(admin, { motto: "Light", assessment: { positionScope: "level" } });
    expect(r2.body).toMatchObject({ name: "Adesua JHS", motto: "Light" });
    expect(r2.body.assessment).toMatchObject({ classWeight: 50, examWeight: 50, positionScope: "level" });
    expect(await schoolAssessment(t.database.db)).toEqual(r2.body.assessment);
    const print = await loadSchoolPrint(t.database.db);
    expect(print).toEqual({ name: "Adesua JHS", address: "P.O. Box 12, Kumasi", motto: "Light", crest: null });
    const logs = await call(t.app, { method: "GET", url: "/api/admin/audit-logs?entityType=school", token: admin });
    if (logs.status === 200) expect(JSON.stringify(logs.body)).toContain("school");
  });

  it("refuses bad settings with 400 and the reason", async () => {
    const put = (payload: unknown) => call(t.app, { method: "PUT", url: "/api/school", token: admin, payload: payload as never });
    const weights = await put({ assessment: { classWeight: 40, examWeight: 50 } });
    expect(weights.status).toBe(400);
    expect(weights.body.error).toMatch(/add up to 100/);
    expect((await put({ assessment: { classWeight: 40 } })).status).toBe(400);
    const bands = await put({ assessment: { bands: [{ min: 50, grade: 1 }] } });
    expect(bands.status).toBe(400);
    expect((await put({ name: "x".repeat(121) })).status).toBe(400);
    expect((await put({ assessment: { positionScope: "school" } })).body.error).toMatch(/positionScope/);
    expect((await put([1, 2])).status).toBe(400);
  });
});

describe("the crest", () => {
  let png: Buffer;
  beforeAll(async () => {
    png = await sharp({ create: { width: 1200, height: 800, channels: 3, background: "#1e6b3a" } })
      .png()
      .toBuffer();
  });

  it("an admin uploads a png: made at most 512 px, served back, printed on cards", async () => {
    expect((await upload(teacher, "crest.png", png)).status).toBe(403);
    expect((await upload(student, "crest.png", png)).status).toBe(403);
    const r = await upload(admin, "my crest.png", png);
    expect(r.status).toBe(200);
    expect(r.body.crest).toEqual({ name: "crest.png", size: expect.any(Number) });
    const got = await call(t.app, { method: "GET", url: "/api/school/crest", token: student });
    expect(got.status).toBe(200);
    expect(got.headers["content-type"]).toBe("image/png");
    const meta = await sharp(got.raw ? Buffer.from(got.raw, "binary") : Buffer.alloc(0))
      .metadata()
      .catch(() => null);
    const print = await loadSchoolPrint(t.database.db);
    expect(print.crest).not.toBeNull();
    const printed = await sharp(Buffer.from(print.crest!)).metadata();
    expect(Math.max(printed.width!, printed.height!)).toBe(512);
    if (meta) expect(meta.format).toBe("png");
  });

  it("a jpg replaces it; other types are 415, over 2 MB 413, no file 400", async () => {
    const jpg = await sharp({ create: { width: 100, height: 100, channels: 3, background: "#aa0000" } })
      .jpeg()
      .toBuffer();
    const r = await upload(admin, "crest.jpg", jpg, "image/jpeg");
    expect(r.status).toBe(200);
    expect(r.body.crest.name).toBe("crest.jpg");
    const pdf = await upload(admin, "crest.png", pdfBytes());
    expect(pdf.status).toBe(415);
    expect(pdf.body.error).toBe(SCHOOL_MESSAGES.crestType);
    const big = Buffer.concat([png.subarray(0, 8), Buffer.alloc(2 * 1024 * 1024 + 10)]);
    const tooBig = await upload(admin, "crest.png", big);
    expect([413]).toContain(tooBig.status);
    expect((await call(t.app, { method: "PUT", url: "/api/school/crest", token: admin, payload: form({ x: "1" }) as never })).status).toBe(400);
    // A file that starts like a png but is not one.
    expect((await upload(admin, "crest.png", Buffer.concat([png.subarray(0, 8), Buffer.alloc(100)]))).status).toBe(415);
  });

  it("an admin removes it; then GET is 404", async () => {
    expect((await call(t.app, { method: "DELETE", url: "/api/school/crest", token: teacher })).status).toBe(403);
    const r = await call(t.app, { method: "DELETE", url: "/api/school/crest", token: admin });
    expect(r.status).toBe(200);
    expect(r.body.crest).toBeNull();
    expect((await call(t.app, { method: "GET", url: "/api/school/crest", token: admin })).status).toBe(404);
    expect((await call(t.app, { method: "GET", url: "/api/school/crest" })).status).toBe(401);
    expect((await loadSchoolPrint(t.database.db)).crest).toBeNull();
  });
});
