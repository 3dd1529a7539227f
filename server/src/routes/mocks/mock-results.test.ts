import { beforeAll, describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { extractText, getDocumentProxy } from "unpdf";
import { and, eq } from "drizzle-orm";
import { GradeBandsSchema, MOCK_MESSAGES, MockResultsSchema } from "@adesua/domain";
import { auditLogs } from "../../db/schema";
import { call, expectSchema, useTestApp } from "../../../test/test-app";
import { signedIn } from "../../../test/factories";
import { api, mockBody, sittingPeople } from "./mock-fixture";

/**
 * A small sitting computed by hand: four core subjects and two others, each Paper 1 + Paper 2 out of 100, 50/50.
 *            Eng      Maths    Sci      Soc      French   ICT
 *   Ama     90/90=90 80/81=80.5 70/70=70 60/61=60.5 55/54=54.5 40/40=40
 *           grade 1  2 (81)   3        4 (61)   5 (55)   7        → 1+2+3+4 + best two of {5,7} = 22
 *   Kofi    100/100  0/0      50/50    35/35    90/90    —        → 1+9+6+8 + 1 + (ICT missing: others need 2) → incomplete
 *   Yaw     89/90=89.5 80/80  70/70    60/60    55/55    50/50    → 1+2+3+4 + 5+6 = 21
 *   Esi     90/89=89.5 80/80  70/70    60/60    55/55    50/50    → 21, ties with Yaw
 * Positions: Yaw 1, Esi 1, Ama 3, Kofi none.
 */
const t = useTestApp();
const http = api(t);
let p: Awaited<ReturnType<typeof sittingPeople>>;
let mock: { id: number; subjects: { name: string; papers: { id: number }[] }[] };
const SUBJECTS = ["English Language", "Mathematics", "Integrated Science", "Social Studies", "French", "ICT"];
const MARKS: Record<string, (number | null)[][]> = {
  "Ama Owusu": [
    [90, 90],
    [80, 81],
    [70, 70],
    [60, 61],
    [55, 54],
    [40, 40],
  ],
  "Kofi Mensah": [
    [100, 100],
    [0, 0],
    [50, 50],
    [35, 35],
    [90, 90],
    [null, 60],
  ],
  "Yaw Boateng": [
    [89, 90],
    [80, 80],
    [70, 70],
    [60, 60],
    [55, 55],
    [50, 50],
  ],
  "Esi Ansah": [
    [90, 89],
    [80, 80],
    [70, 70],
    [60, 60],
    [55, 55],
    [50, 50],
  ],
};

beforeAll(async () => {
  p = await sittingPeople(t, Object.keys(MARKS));
  mock = (
    await http.post(
      p.admin.token,
      "/api/mocks",
      mockBody(
        "JHS 3 Second Mock",
        SUBJECTS.map((name) => ({ name })),
      ),
    )
  ).body;
  for (const [si] of SUBJECTS.entries())
    for (const pi of [0, 1]) {
      const marks = p.students.map((s) => ({ studentId: s.id, mark: MARKS[s.name][si][pi] })).filter((m) => m.mark !== null);
      const r = await http.put(p.admin.token, `/api/mocks/${mock.id}/papers/${mock.subjects[si].papers[pi].id}/marks`, { marks });
      expect(r.status).toBe(200);
    }
});

const byName = (body: { students: { name: string }[] }) => Object.fromEntries(body.students.map((s) => [s.name, s])) as Record<string, any>;

describe("GET /api/mocks/{id}/results", () => {
  it("gives the hand-computed scores, grades, aggregates, positions and distributions", async () => {
    const r = await http.get(p.admin.token, `/api/mocks/${mock.id}/results`);
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expectSchema(MockResultsSchema, r.body);
    const s = byName(r.body);
    expect(s["Ama Owusu"].subjects.map((x: { score: number }) => x.score)).toEqual([90, 80.5, 70, 60.5, 54.5, 40]);
    expect(s["Ama Owusu"].subjects.map((x: { grade: number }) => x.grade)).toEqual([1, 2, 3, 4, 5, 7]);
    expect(s["Ama Owusu"]).toMatchObject({ aggregate: 22, position: 3, incomplete: false, total: 395.5, class: "JHS 3" });
    expect(s["Kofi Mensah"]).toMatchObject({ aggregate: null, position: null, incomplete: true });
    expect(s["Kofi Mensah"].subjects[5]).toMatchObject({ score: null, grade: null, papers: [{ percent: null }, { percent: 60 }] });
    expect(s["Yaw Boateng"]).toMatchObject({ aggregate: 21, position: 1 });
    expect(s["Esi Ansah"]).toMatchObject({ aggregate: 21, position: 1 });
    expect(r.body.subjects[0]).toMatchObject({ name: "English Language", core: true, mean: 92.25, missing: 0 });
    expect(r.body.subjects[0].gradeCounts).toEqual({ "1": 4, "2": 0, "3": 0, "4": 0, "5": 0, "6": 0, "7": 0, "8": 0, "9": 0 });
    expect(r.body.subjects[5]).toMatchObject({ name: "ICT", mean: 46.67, missing: 1 });
    expect(r.body.aggregateCounts.slice(0, 4)).toEqual([
      { from: 6, to: 10, count: 0 },
      { from: 11, to: 15, count: 0 },
      { from: 16, to: 20, count: 0 },
      { from: 21, to: 25, count: 3 },
    ]);
    expect(r.body.aggregateCounts.at(-1)).toEqual({ from: 51, to: 54, count: 0 });
    expect(r.body).toMatchObject({ sitting: 4, incomplete: 1, previous: null, mock: { id: mock.id, grading: "bands", released: false } });
  });

  it("regrades by the mock's bands, weights and stanines; refuses bad grading input", async () => {
    const url = `/api/mocks/${mock.id}/grading`;
    const bad: [object, string][] = [
      [{ weights: [{ paperId: 999999, weight: 10 }] }, MOCK_MESSAGES.weightsPaper],
      [{ weights: { "Paper 9": 10 } }, MOCK_MESSAGES.weightsPaper],
      [{ weights: "half" }, MOCK_MESSAGES.weights],
      [{ grading: "curve" }, MOCK_MESSAGES.grading],
      [{ bands: [{ min: 50, grade: 1 }] }, GradeBandsSchema.safeParse([{ min: 50, grade: 1 }]).error!.issues[0].message],
    ];
    for (const [body, error] of bad) expect((await http.put(p.admin.token, url, body)).body, error).toEqual({ error });
    const r = await http.put(p.admin.token, url, {
      weights: { "Paper 1": 100, "paper 2": 0 },
      bands: [
        { min: 0, grade: 9 },
        { min: 55, grade: 5 },
      ],
    });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.subjects[0].papers.map((x: { weight: number }) => x.weight)).toEqual([100, 0]);
    const ama = byName((await http.get(p.admin.token, `/api/mocks/${mock.id}/results`)).body)["Ama Owusu"];
    expect(ama.subjects.map((x: { grade: number }) => x.grade)).toEqual([5, 5, 5, 5, 5, 9]);
    await http.put(p.admin.token, url, { grading: "stanine", bands: null, weights: [{ paperId: mock.subjects[0].papers[0].id, weight: 50 }] });
    const stanine = (await http.get(p.admin.token, `/api/mocks/${mock.id}/results`)).body;
    expect(stanine.mock.grading).toBe("stanine");
    // English, Paper 1 alone: Kofi's 100 is above the other three: (3 + 1/2) / 4 = 87.5 % → stanine 3.
    expect(byName(stanine)["Kofi Mensah"].subjects[0].grade).toBe(3);
    await http.put(p.admin.token, url, { grading: "bands", weights: { "Paper 1": 50, "Paper 2": 50 } });
  });

  it("students: 403 before release, then their own row only; teachers of a subject see all, others 404", async () => {
    const [ama] = p.students;
    const url = `/api/mocks/${mock.id}/results`;
    expect((await http.get(ama.token, url)).body).toEqual({ error: MOCK_MESSAGES.notReleased });
    expect((await http.get(ama.token, `${url}/slips?format=pdf`)).status).toBe(403);
    expect((await http.get(p.jhs2.token, url)).status).toBe(404);
    expect((await http.get(undefined, url)).status).toBe(401);
    expect((await http.post(p.admin.token, `/api/mocks/${mock.id}/release`)).body).toMatchObject({ released: true });
    const mine = await http.get(ama.token, url);
    expect(mine.status).toBe(200);
    expectSchema(MockResultsSchema, mine.body);
    expect(mine.body.students.map((s: { name: string }) => s.name)).toEqual(["Ama Owusu"]);
    expect(mine.body).toMatchObject({ subjects: [], aggregateCounts: [], previous: null, sitting: 4 });
    expect(mine.body.students[0]).toMatchObject({ aggregate: 22, position: 3 });
    expect((await http.get(ama.token, `${url}?class=JHS%203`)).body.students.map((s: { name: string }) => s.name)).toEqual(["Ama Owusu"]);
    expect((await http.get(ama.token, `${url}/broadsheet?format=xlsx`)).status).toBe(403);
    expect((await http.get(ama.token, `${url}/slips?format=pdf&studentId=${p.students[1].id}`)).status).toBe(404);
    expect((await http.get(p.maths.token, url)).body.students).toHaveLength(4);
    // The French teacher teaches one of its subjects; a teacher of none gets 404.
    expect((await http.get(p.other.token, url)).body.students).toHaveLength(4);
    const stranger = await signedIn(t.database.db, { role: "teacher" });
    expect((await http.get(stranger.token, url)).status).toBe(404);
    expect((await http.del(p.admin.token, `/api/mocks/${mock.id}/release`)).body).toMatchObject({ released: false });
    expect((await http.get(ama.token, url)).status).toBe(403);
    const logs = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.entityType, "mock"), eq(auditLogs.entityId, String(mock.id))));
    expect(logs.map((l) => l.action)).toEqual(expect.arrayContaining(["publish", "unpublish"]));
    await http.post(p.admin.token, `/api/mocks/${mock.id}/release`);
  });

  it("compares with the previous mock of the level for the same students", async () => {
    const first = mockBody(
      "JHS 3 First Mock",
      SUBJECTS.map((name) => ({ name })),
    );
    for (const s of first.subjects) for (const paper of s.papers) paper.startsAt = paper.startsAt.replace("2027-03", "2027-01");
    const prev = (await http.post(p.admin.token, "/api/mocks", first)).body;
    for (const [si] of SUBJECTS.entries())
      for (const pi of [0, 1])
        await http.put(p.admin.token, `/api/mocks/${prev.id}/papers/${prev.subjects[si].papers[pi].id}/marks`, {
          marks: p.students.map((s, k) => ({ studentId: s.id, mark: k === 0 ? 95 : 50 })),
        });
    const r = (await http.get(p.admin.token, `/api/mocks/${mock.id}/results`)).body;
    expect(r.previous).toEqual({ id: prev.id, title: "JHS 3 First Mock", improved: 2, fell: 1, same: 0 });
    const s = byName(r);
    expect(s["Ama Owusu"]).toMatchObject({ previousAggregate: 6, change: 16 });
    expect(s["Yaw Boateng"]).toMatchObject({ previousAggregate: 36, change: -15 });
    expect(s["Kofi Mensah"]).toMatchObject({ previousAggregate: 36, change: null });
    expect((await http.get(p.admin.token, `/api/mocks/${prev.id}/results`)).body.previous).toBeNull();
  });
});

describe("broadsheet, slips and timetable files", () => {
  it("the broadsheet .xlsx opens with exceljs and has the right cells", async () => {
    const r = await t.app.inject({
      method: "GET",
      url: `/api/mocks/${mock.id}/results/broadsheet?format=xlsx`,
      headers: { authorization: `Bearer ${p.maths.token}` },
    });
    expect(r.statusCode).toBe(200);
    expect(r.headers["content-type"]).toContain("spreadsheetml");
    expect(r.headers["content-disposition"]).toContain("JHS 3 Second Mock broadsheet.xlsx");
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(r.rawPayload as never);
    const ws = wb.worksheets[0];
    expect(String(ws.getCell("A1").value)).toContain("JHS 3 Second Mock");
    expect(String(ws.getCell("A2").value)).toContain("JHS 3");
    expect(ws.pageSetup.orientation).toBe("landscape");
    expect(ws.getRow(3).values).toEqual(expect.arrayContaining(["Name", "Class", "English Language", "ICT", "Total", "Aggregate", "Position"]));
    const rows = [5, 6, 7, 8].map((n) => ws.getRow(n).values as unknown[]);
    const ama = rows.find((v) => v[1] === "Ama Owusu")!;
    expect(ama.slice(1)).toEqual(["Ama Owusu", "JHS 3", 90, 1, 80.5, 2, 70, 3, 60.5, 4, 54.5, 5, 40, 7, 395.5, 22, 3]);
    const kofi = rows.find((v) => v[1] === "Kofi Mensah")!;
    expect(kofi[18]).toBe("Incomplete");
    expect((await http.get(p.admin.token, `/api/mocks/${mock.id}/results/broadsheet?format=doc`)).status).toBe(400);
  });

  it("PDFs: broadsheet, slips (a class, one student, a student's own after release) and the timetable", async () => {
    const pdf = async (token: string, url: string) => {
      const r = await call(t.app, { method: "GET", url, token });
      expect(r.status, `${url} ${r.raw.slice(0, 200)}`).toBe(200);
      expect(r.headers["content-type"]).toBe("application/pdf");
      expect(r.raw.slice(0, 5)).toBe("%PDF-");
      return r;
    };
    await pdf(p.admin.token, `/api/mocks/${mock.id}/results/broadsheet?format=pdf`);
    await pdf(p.admin.token, `/api/mocks/${mock.id}/results/slips?format=pdf&class=JHS%203`);
    const one = await pdf(p.admin.token, `/api/mocks/${mock.id}/results/slips?studentId=${p.students[1].id}`);
    expect(one.headers["content-disposition"]).toContain("Kofi Mensah");
    const own = await pdf(p.students[0].token, `/api/mocks/${mock.id}/results/slips?format=pdf`);
    expect(own.headers["content-disposition"]).toContain("Ama Owusu");
    // The student's own slip compares with the previous mock as the staff's print of it does (it said "the first mock").
    const ownPdf = await t.app.inject({
      method: "GET",
      url: `/api/mocks/${mock.id}/results/slips`,
      headers: { authorization: `Bearer ${p.students[0].token}` },
    });
    const ownText = (await extractText(await getDocumentProxy(new Uint8Array(ownPdf.rawPayload)), { mergePages: true })).text.replace(/\s+/g, " ");
    expect(ownText).toContain("Compared with JHS 3 First Mock: aggregate 6 then, 22 now");
    await pdf(p.students[0].token, `/api/mocks/${mock.id}/timetable?format=pdf`);
    expect((await http.get(p.jhs2.token, `/api/mocks/${mock.id}/timetable?format=pdf`)).status).toBe(404);
    expect((await http.get(p.admin.token, `/api/mocks/${mock.id}/results/slips?studentId=${p.jhs2.id}`)).status).toBe(404);
    // One student and a class they are not in (here another level's): no slip.
    expect((await http.get(p.admin.token, `/api/mocks/${mock.id}/results/slips?class=JHS%202&studentId=${p.students[1].id}`)).status).toBe(404);
    // A student asking for another's slip gets none.
    expect((await http.get(p.students[0].token, `/api/mocks/${mock.id}/results/slips?studentId=${p.students[1].id}`)).status).toBe(404);
  });
});
