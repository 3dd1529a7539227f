import { describe, expect, it } from "vitest";
import { TERM_REPORT_MESSAGES, TermReportsSchema } from "@adesua/domain";
import { useTestApp } from "../../../test/test-app";
import { signedIn } from "../../../test/factories";
import { api, marksComponent, studentsOf } from "../../../test/terms";

const t = useTestApp();
const db = () => t.database.db;

type Subject = {
  name: string;
  classScore: number | null;
  examScore: number | null;
  total: number | null;
  position: number | null;
  grade: number | null;
  remark: string;
};
type Report = {
  studentId: number;
  name: string;
  class: string;
  subjects: Subject[];
  total: number | null;
  average: number | null;
  overallPosition: number | null;
  classSize: number;
  attendance: object;
};

/**
 * A hand-computed class (JHS 3A, four students; JHS 3B has one more), two subjects at 30/70:
 * Mathematics: class = CA1 (/20) and CA2 (/10) weighted equally; exam /100.
 *   Abena 20, 10, 90 → 30 + 63 = 93 (1, grade 1); Kwame 15, 7.5, 70 → 22.5 + 49 = 71.5 (2, grade 3: 71.5 → 72);
 *   Kofi 10, 5, 60 → 15 + 42 = 57 and Yaw —, 10, 60 → 15 (a missing CA counts 0) + 42 = 57: tied 3rd, grade 5.
 * English: class = CA (/50); exam /100.
 *   Yaw 45, 100 → 27 + 70 = 97 (1); Abena 25, 80 → 15 + 56 = 71 (2); Kofi 50, 35 → 30 + 24.5 = 54.5 (3, grade 5: 54.5 → 55);
 *   Kwame 40, no exam → 24, exam null, total null: no position, no grade.
 * Overall: Abena 164 (1st), Yaw 154 (2nd), Kofi 111.5 (3rd), Kwame none (an incomplete subject).
 */
async function setUp(mine = "A", other = "B") {
  const a = api(t);
  const admin = await signedIn(db(), { role: "admin" });
  const term = (await a.createTerm(admin.token, { attendanceDays: 60 })).body;
  const [abena, kofi, kwame, yaw] = await studentsOf(db(), "jhs3", mine, ["Abena Boateng", "Kofi Mensah", "Kwame Asante", "Yaw Darko"]);
  const [ama] = await studentsOf(db(), "jhs3", other, ["Ama Serwaa"]);
  const maths = (
    await a.addSubject(admin.token, term.id, {
      level: "jhs3",
      name: "Mathematics",
      components: [marksComponent("class", "CA1", 20), marksComponent("class", "CA2", 10), marksComponent("exam", "Exam")],
    })
  ).body;
  const english = (
    await a.addSubject(admin.token, term.id, {
      level: "jhs3",
      name: "English Language",
      components: [marksComponent("class", "CA", 50), marksComponent("exam", "Exam")],
    })
  ).body;
  const [ca1, ca2, mExam] = maths.components.map((c: { id: number }) => c.id);
  const [eCa, eExam] = english.components.map((c: { id: number }) => c.id);
  const put = async (cid: number, marks: [number, number | null][]) => {
    const r = await a.marks(
      admin.token,
      term.id,
      cid,
      marks.map(([studentId, mark]) => ({ studentId, mark })),
    );
    expect(r.status, JSON.stringify(r.body)).toBe(200);
  };
  await put(ca1, [
    [abena.id, 20],
    [kofi.id, 10],
    [kwame.id, 15],
    [ama.id, 20],
  ]);
  await put(ca2, [
    [abena.id, 10],
    [kofi.id, 5],
    [kwame.id, 7.5],
    [yaw.id, 10],
    [ama.id, 10],
  ]);
  await put(mExam, [
    [abena.id, 90],
    [kofi.id, 60],
    [kwame.id, 70],
    [yaw.id, 60],
    [ama.id, 100],
  ]);
  await put(eCa, [
    [abena.id, 25],
    [kofi.id, 50],
    [kwame.id, 40],
    [yaw.id, 45],
    [ama.id, 50],
  ]);
  await put(eExam, [
    [abena.id, 80],
    [kofi.id, 35],
    [yaw.id, 100],
    [ama.id, 100],
  ]);
  const lines = await a.termLines(admin.token, term.id, [
    { studentId: abena.id, present: 58, conduct: "Respectful", interest: "Football", teacherRemark: "Hardworking", headRemark: "Keep it up." },
    { studentId: kofi.id, present: 50, attendanceDays: 55 },
  ]);
  expect(lines.status, JSON.stringify(lines.body)).toBe(200);
  return { a, admin, term, abena, kofi, kwame, yaw, ama, maths, english };
}

const byName = (body: { students: Report[] }) => Object.fromEntries(body.students.map((s) => [s.name.split(" ")[0], s]));
const line = (r: Report, subject: string) => {
  const s = r.subjects.find((x) => x.name === subject)!;
  return [s.classScore, s.examScore, s.total, s.position, s.grade, s.remark];
};

describe("terminal reports of a class, computed by the database", () => {
  it("match the hand-computed scores, positions with a tie, grades, remarks and overall positions", async () => {
    const { a, admin, term, kofi } = await setUp();
    const teacher = await signedIn(db(), { role: "teacher" });
    const res = await a.reports(teacher.token, term.id);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(TermReportsSchema.parse(res.body)).toEqual(res.body);
    expect(res.body.class).toBe("JHS 3A");
    expect(res.body.term).toMatchObject({ classWeight: 30, examWeight: 70 });
    expect(res.body.students.map((s: Report) => s.name)).toEqual(["Abena Boateng", "Kofi Mensah", "Kwame Asante", "Yaw Darko"]);
    const r = byName(res.body);
    expect(line(r.Abena, "Mathematics")).toEqual([30, 63, 93, 1, 1, "Highest"]);
    expect(line(r.Kwame, "Mathematics")).toEqual([22.5, 49, 71.5, 2, 3, "High"]);
    expect(line(r.Kofi, "Mathematics")).toEqual([15, 42, 57, 3, 5, "Average"]);
    expect(line(r.Yaw, "Mathematics")).toEqual([15, 42, 57, 3, 5, "Average"]);
    expect(line(r.Yaw, "English Language")).toEqual([27, 70, 97, 1, 1, "Highest"]);
    expect(line(r.Abena, "English Language")).toEqual([15, 56, 71, 2, 3, "High"]);
    expect(line(r.Kofi, "English Language")).toEqual([30, 24.5, 54.5, 3, 5, "Average"]);
    expect(line(r.Kwame, "English Language")).toEqual([24, null, null, null, null, ""]);
    expect([r.Abena, r.Yaw, r.Kofi, r.Kwame].map((s) => [s.total, s.average, s.overallPosition, s.classSize])).toEqual([
      [164, 82, 1, 4],
      [154, 77, 2, 4],
      [111.5, 55.75, 3, 4],
      [null, null, null, 4],
    ]);
    expect(r.Abena).toMatchObject({
      attendance: { present: 58, outOf: 60 },
      conduct: "Respectful",
      interest: "Football",
      teacherRemark: "Hardworking",
      headRemark: "Keep it up.",
    });
    expect(r.Kofi.attendance).toEqual({ present: 50, outOf: 55 });
    expect(r.Yaw.attendance).toEqual({ present: null, outOf: 60 });

    // A teacher's adjustment (with its reason) and a remark written over the grade's.
    const adjusted = await a.subjectLines(admin.token, term.id, res.body.students[0].subjects[0].subjectId, [
      { studentId: kofi.id, classScoreAdjusted: 20, adjustReason: "Missed CA1 while in hospital" },
    ]);
    expect(adjusted.status, JSON.stringify(adjusted.body)).toBe(200);
    const englishId = r.Yaw.subjects[1] && (r.Yaw.subjects.find((s) => s.name === "English Language") as unknown as { subjectId: number }).subjectId;
    await a.subjectLines(admin.token, term.id, englishId, [{ studentId: r.Yaw.studentId, remark: "Excellent" }]);
    const again = byName((await a.reports(admin.token, term.id, "?class=jhs3a")).body);
    expect(line(again.Kofi, "Mathematics")).toEqual([20, 42, 62, 3, 4, "High Average"]);
    expect(again.Kofi.subjects[0]).toMatchObject({ adjustReason: "Missed CA1 while in hospital" });
    expect(line(again.Yaw, "Mathematics")).toEqual([15, 42, 57, 4, 5, "Average"]);
    expect(line(again.Yaw, "English Language")).toEqual([27, 70, 97, 1, 1, "Excellent"]);

    // Positions within the whole level: Ama (JHS 3B) tops Mathematics with 100.
    const scoped = await a.req("PUT", `/api/terms/${term.id}`, admin.token, {
      ...term,
      positionScope: "level",
      subjects: undefined,
      createdAt: undefined,
      updatedAt: undefined,
      id: undefined,
    });
    expect(scoped.status, JSON.stringify(scoped.body)).toBe(200);
    const level = byName((await a.reports(admin.token, term.id)).body);
    expect(level.Abena.subjects[0].position).toBe(2);
    expect(level.Abena.classSize).toBe(5);
    expect(Object.keys(level)).toEqual(["Abena", "Kofi", "Kwame", "Yaw"]);
  });

  it("answers 400 without a class or with one that is not a class, 404 for an unknown term", async () => {
    const { a, admin, term } = await setUp("E", "F");
    expect(await a.reports(admin.token, term.id, "")).toMatchObject({ status: 400, body: { error: TERM_REPORT_MESSAGES.classNeeded } });
    expect(await a.reports(admin.token, term.id, "?class=Primary%20Z9")).toMatchObject({ status: 400, body: { error: TERM_REPORT_MESSAGES.className } });
    expect((await a.reports(admin.token, 999999)).status).toBe(404);
    expect((await a.reports("", term.id)).status).toBe(401);
  });
});

describe("checks and release", () => {
  it("releases a class's reports to its students after both checks, each student seeing only their own", async () => {
    const { a, admin, term, abena, ama } = await setUp("C", "D");
    const teacher = await signedIn(db(), { role: "teacher" });
    expect(await a.reports(abena.token, term.id, "")).toMatchObject({ status: 403, body: { error: TERM_REPORT_MESSAGES.notChecked } });
    expect((await a.req("GET", "/api/terms", abena.token)).body.data).toEqual([]);
    expect((await a.req("GET", `/api/terms/${term.id}`, abena.token)).status).toBe(404);
    expect((await a.req("GET", `/api/terms/${term.id}/classes`, abena.token)).status).toBe(403);

    const classes = await a.req("GET", `/api/terms/${term.id}/classes`, teacher.token);
    expect(classes.status).toBe(200);
    expect(classes.body.classes).toEqual(
      expect.arrayContaining([
        { class: "JHS 3C", level: "jhs3", students: 4, classTeacher: null, headTeacher: null, released: false },
        { class: "JHS 3D", level: "jhs3", students: 1, classTeacher: null, headTeacher: null, released: false },
      ]),
    );
    expect(await a.check(teacher.token, term.id, "JHS 3C", "head_teacher")).toMatchObject({
      status: 403,
      body: { error: TERM_REPORT_MESSAGES.headTeacherOnly },
    });
    expect(await a.check(teacher.token, term.id, "JHS 3C", "deputy")).toMatchObject({ status: 400, body: { error: TERM_REPORT_MESSAGES.role } });
    expect(await a.check(teacher.token, term.id, "", "class_teacher")).toMatchObject({ status: 400, body: { error: TERM_REPORT_MESSAGES.classNeeded } });
    expect(await a.check(teacher.token, term.id, "Room 12", "class_teacher")).toMatchObject({ status: 400, body: { error: TERM_REPORT_MESSAGES.className } });
    expect(await a.check(teacher.token, term.id, "JHS 3Z", "class_teacher")).toMatchObject({
      status: 404,
      body: { error: TERM_REPORT_MESSAGES.classNotFound },
    });
    expect((await a.check(abena.token, term.id, "JHS 3C", "class_teacher")).status).toBe(403);

    const first = await a.check(teacher.token, term.id, "jhs 3c", "class_teacher");
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({ class: "JHS 3C", released: false, classTeacher: { by: { name: expect.any(String) } }, headTeacher: null });
    expect((await a.reports(abena.token, term.id, "")).status).toBe(403);
    expect(await a.req("GET", `/api/terms/${term.id}/reports?class=JHS%203C&format=pdf`, teacher.token)).toMatchObject({
      status: 409,
      body: { error: TERM_REPORT_MESSAGES.notPrintable },
    });

    const preview = await a.req("GET", `/api/terms/${term.id}/reports?class=JHS%203C&format=pdf&preview=true`, teacher.token);
    expect(preview.status).toBe(200);
    expect(preview.headers["content-type"]).toContain("application/pdf");
    expect(preview.raw.slice(0, 5)).toBe("%PDF-");
    expect((await a.req("GET", `/api/terms/${term.id}/reports?format=pdf&preview=true`, abena.token)).status).toBe(403);

    const second = await a.check(admin.token, term.id, "JHS 3C", "head_teacher");
    expect(second.body).toMatchObject({ released: true });
    const own = await a.reports(abena.token, term.id, "?class=JHS%203D");
    expect(own.status).toBe(200);
    expect(own.body.students.map((s: Report) => s.name)).toEqual(["Abena Boateng"]);
    expect(own.body.students[0]).toMatchObject({ overallPosition: 1, classSize: 4 });
    expect((await a.req("GET", "/api/terms", abena.token)).body.data.map((x: { id: number }) => x.id)).toEqual([term.id]);
    expect((await a.req("GET", `/api/terms/${term.id}`, abena.token)).status).toBe(200);
    const card = await a.req("GET", `/api/terms/${term.id}/reports?format=pdf`, abena.token);
    expect([card.status, card.headers["content-type"]]).toEqual([200, "application/pdf"]);
    expect((await a.req("GET", `/api/terms/${term.id}/reports?class=JHS%203C&format=pdf&studentId=${abena.id}`, teacher.token)).status).toBe(200);
    // JHS 3D is not released: its student still waits.
    expect((await a.reports(ama.token, term.id, "")).status).toBe(403);

    const back = await a.uncheck(admin.token, term.id, "JHS 3C", "head_teacher");
    expect(back.body).toMatchObject({ released: false, headTeacher: null });
    expect((await a.reports(abena.token, term.id, "")).status).toBe(403);
  }, 120_000);
});
