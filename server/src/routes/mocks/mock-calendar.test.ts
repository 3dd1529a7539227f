import { beforeAll, describe, expect, it } from "vitest";
import { ScheduleListResponseSchema } from "@adesua/domain";
import { call, expectSchema, useTestApp } from "../../../test/test-app";
import { api, mockBody, sittingPeople } from "./mock-fixture";

/** Mock papers on the calendar and in the .ics feed: students their level's, teachers their subjects' mocks, admins all. */
const t = useTestApp();
const http = api(t);
let p: Awaited<ReturnType<typeof sittingPeople>>;
let maths: { id: number; subjects: { papers: { id: number }[] }[] };
let jhs2: { id: number };
const RANGE = "from=2027-03-01T00:00:00.000Z&to=2027-03-31T00:00:00.000Z";
const mockKeys = async (token: string) =>
  ((await http.get(token, `/api/schedules?${RANGE}`)).body.data as { kind: string; key: string; mock?: { id: number } }[])
    .filter((o) => o.kind === "mock")
    .map((o) => o.mock!.id);

beforeAll(async () => {
  p = await sittingPeople(t, ["Ama Owusu"]);
  maths = (await http.post(p.admin.token, "/api/mocks", mockBody("Maths mock", [{ name: "Mathematics" }]))).body;
  jhs2 = (await http.post(p.admin.token, "/api/mocks", mockBody("JHS 2 English", [{ name: "English Language", courseId: p.englishCourse.id }], "jhs2"))).body;
});

describe("mock papers on GET /api/schedules", () => {
  it("are occurrences of kind mock, each paper from its start for its duration", async () => {
    const r = await http.get(p.students[0].token, `/api/schedules?${RANGE}`);
    expect(r.status).toBe(200);
    expectSchema(ScheduleListResponseSchema, r.body);
    const papers = r.body.data.filter((o: { kind: string }) => o.kind === "mock");
    expect(papers).toEqual([
      expect.objectContaining({
        key: `mock-${maths.subjects[0].papers[0].id}`,
        id: maths.subjects[0].papers[0].id,
        title: "Maths mock: Mathematics Paper 1",
        start: "2027-03-01T09:00:00.000Z",
        end: "2027-03-01T10:30:00.000Z",
        canEdit: false,
        mock: { id: maths.id, title: "Maths mock", paperId: maths.subjects[0].papers[0].id, subject: "Mathematics", paper: "Paper 1" },
      }),
      expect.objectContaining({ title: "Maths mock: Mathematics Paper 2", start: "2027-03-01T13:00:00.000Z" }),
    ]);
  });

  it("students see their level's, teachers their subjects', admins all", async () => {
    expect(new Set(await mockKeys(p.students[0].token))).toEqual(new Set([maths.id]));
    expect(new Set(await mockKeys(p.jhs2.token))).toEqual(new Set([jhs2.id]));
    expect(new Set(await mockKeys(p.maths.token))).toEqual(new Set([maths.id]));
    expect(new Set(await mockKeys(p.english.token))).toEqual(new Set([jhs2.id]));
    expect(await mockKeys(p.other.token)).toEqual([]);
    expect(new Set(await mockKeys(p.admin.token))).toEqual(new Set([maths.id, jhs2.id]));
    const outside = await http.get(p.admin.token, "/api/schedules?from=2027-04-01T00:00:00.000Z&to=2027-04-30T00:00:00.000Z");
    expect(outside.body.data.filter((o: { kind: string }) => o.kind === "mock")).toEqual([]);
  });

  it("are events of the .ics feed", async () => {
    const made = await http.post(p.students[0].token, "/api/schedules/feed-token");
    const feed = await call(t.app, { method: "GET", url: new URL(made.body.url).pathname });
    expect(feed.status).toBe(200);
    expect(feed.raw).toContain(`UID:mock-paper-${maths.subjects[0].papers[0].id}@`);
    expect(feed.raw).toContain("SUMMARY:Maths mock: Mathematics Paper 1");
    expect(feed.raw).not.toContain("JHS 2 English");
  });
});
