import { describe, expect, it } from "vitest";
import ExcelJS from "exceljs";
import { TERM_MESSAGES } from "@adesua/domain";
import { call, useTestApp } from "../../../test/test-app";
import { buildCourse, signedIn } from "../../../test/factories";
import { api, marksComponent, studentsOf } from "../../../test/terms";

const t = useTestApp();
const db = () => t.database.db;

/** A term with one JHS 1 subject (its course's teacher keeps it): a 20-mark CA and a quiz-less exam. */
async function setUp(stream: string, over: object = {}, names = ["Adwoa Ansah", "Bright Ofori", "Comfort Owusu"]) {
  const a = api(t);
  const admin = await signedIn(db(), { role: "admin" });
  const teacher = await signedIn(db(), { role: "teacher" });
  const other = await signedIn(db(), { role: "teacher" });
  const course = await buildCourse(db(), { teacherId: teacher.user.id });
  const term = (await a.createTerm(admin.token, { attendanceDays: 60, ...over })).body;
  const subject = (
    await a.addSubject(admin.token, term.id, {
      level: "jhs1",
      name: "Mathematics",
      courseId: course.id,
      components: [marksComponent("class", "CA", 20), marksComponent("exam", "Exam")],
    })
  ).body;
  const students = await studentsOf(db(), "jhs1", stream, names);
  return { a, admin, teacher, other, term, subject, ca: subject.components[0].id as number, students };
}

describe("marks of a marks component", () => {
  it("saves, lists, clears and refuses out-of-range marks naming the student, saving nothing", async () => {
    const { a, teacher, other, admin, term, ca, students } = await setUp("M");
    const [adwoa, bright, comfort] = students;
    const saved = await a.marks(teacher.token, term.id, ca, [
      { studentId: adwoa.id, mark: 18 },
      { studentId: bright.id, mark: 12.5 },
    ]);
    expect(saved.status).toBe(200);
    expect(saved.body.saved).toBe(2);
    const list = await a.req("GET", `/api/terms/${term.id}/components/${ca}/marks?class=JHS%201M`, teacher.token);
    expect(list.body).toMatchObject({ subject: "Mathematics", component: { name: "CA", outOf: 20 }, missing: 1 });
    expect(list.body.students.map((s: { name: string; mark: number | null; class: string }) => [s.name, s.mark, s.class])).toEqual([
      ["Adwoa Ansah", 18, "JHS 1M"],
      ["Bright Ofori", 12.5, "JHS 1M"],
      ["Comfort Owusu", null, "JHS 1M"],
    ]);

    const bad = await a.marks(admin.token, term.id, ca, [
      { studentId: comfort.id, mark: 15 },
      { studentId: bright.id, mark: 21 },
    ]);
    expect(bad).toMatchObject({ status: 400, body: { error: TERM_MESSAGES.markRange("Bright Ofori", 20) } });
    expect((await a.marks(admin.token, term.id, ca, [{ studentId: adwoa.id, mark: -1 }])).body.error).toBe(TERM_MESSAGES.markRange("Adwoa Ansah", 20));
    const unchanged = await a.req("GET", `/api/terms/${term.id}/components/${ca}/marks?class=JHS%201M`, teacher.token);
    expect(unchanged.body.students.map((s: { mark: number | null }) => s.mark)).toEqual([18, 12.5, null]);

    expect((await a.marks(teacher.token, term.id, ca, [{ studentId: adwoa.id, mark: null }])).body.saved).toBe(1);
    const outsider = await signedIn(db(), { role: "student", studentType: "jhs2" });
    expect(await a.marks(teacher.token, term.id, ca, [{ studentId: outsider.user.id, mark: 1 }])).toMatchObject({
      status: 400,
      body: { error: TERM_MESSAGES.studentNotFound },
    });
    expect(await a.marks(teacher.token, term.id, ca, [{ studentId: adwoa.id, mark: "ten" } as never])).toMatchObject({ status: 400 });
    expect(await a.marks(other.token, term.id, ca, [{ studentId: adwoa.id, mark: 1 }])).toMatchObject({
      status: 403,
      body: { error: TERM_MESSAGES.notYourSubject },
    });
    expect((await a.marks(adwoa.token, term.id, ca, [{ studentId: adwoa.id, mark: 20 }])).status).toBe(403);
    expect((await a.req("GET", `/api/terms/${term.id}/components/${ca}/marks`, adwoa.token)).status).toBe(403);
    expect((await a.marks("", term.id, ca, [])).status).toBe(401);
    expect((await a.marks(admin.token, term.id, 999999, [])).status).toBe(404);
    expect((await a.marks(admin.token, 999999, ca, [])).status).toBe(404);
  });

  it("refuses marks for a component that takes them from elsewhere", async () => {
    const { a, admin, term, subject } = await setUp("N");
    const { quiz } = await (await import("../../../test/factories")).buildQuiz(db(), { studentType: "jhs1" });
    const changed = await a.putSubject(admin.token, term.id, subject.id, {
      level: "jhs1",
      name: "Mathematics",
      courseId: subject.courseId,
      components: [{ part: "class", kind: "quiz", name: "Quiz", quizId: quiz.id }],
    });
    const qid = changed.body.components[0].id;
    expect(await a.marks(admin.token, term.id, qid, [])).toMatchObject({ status: 400, body: { error: TERM_MESSAGES.notMarksComponent } });
    expect(await a.req("GET", `/api/terms/${term.id}/components/${qid}/marks`, admin.token)).toMatchObject({
      status: 400,
      body: { error: TERM_MESSAGES.notMarksComponent },
    });
  });
});

describe("subject lines and report lines", () => {
  it("adjusts a class score only with a reason and within the class weight, and writes remarks", async () => {
    const { a, teacher, other, term, subject, students } = await setUp("P");
    const [adwoa, bright] = students;
    const lines = (token: string, list: object[]) => a.subjectLines(token, term.id, subject.id, list);
    expect(await lines(teacher.token, [{ studentId: adwoa.id, classScoreAdjusted: 25 }])).toMatchObject({
      status: 400,
      body: { error: TERM_MESSAGES.reasonNeeded("Adwoa Ansah") },
    });
    expect(await lines(teacher.token, [{ studentId: adwoa.id, classScoreAdjusted: 31, adjustReason: "x" }])).toMatchObject({
      status: 400,
      body: { error: TERM_MESSAGES.classScoreRange("Adwoa Ansah", 30) },
    });
    expect(await lines(other.token, [{ studentId: adwoa.id, remark: "Good" }])).toMatchObject({ status: 403 });
    expect(
      await lines(teacher.token, [
        { studentId: adwoa.id, classScoreAdjusted: 25, adjustReason: "Project resubmitted" },
        { studentId: bright.id, remark: "Improving" },
      ]),
    ).toMatchObject({
      status: 200,
      body: { saved: 2 },
    });
    // Only the fields sent change: a remark keeps the adjustment.
    await lines(teacher.token, [{ studentId: adwoa.id, remark: "Steady" }]);
    const r = (await a.reports(teacher.token, term.id, "?class=JHS%201P")).body.students;
    expect(r[0].subjects[0]).toMatchObject({ classScore: 25, adjustReason: "Project resubmitted", remark: "Steady" });
    expect(r[1].subjects[0]).toMatchObject({ classScore: 0, adjustReason: null, remark: "Improving" });
    await lines(teacher.token, [{ studentId: adwoa.id, classScoreAdjusted: null }]);
    expect((await a.reports(teacher.token, term.id, "?class=JHS%201P")).body.students[0].subjects[0]).toMatchObject({ classScore: 0, adjustReason: null });
  });

  it("writes attendance, conduct and remarks field by field; the head's remark is an admin's; promotion in term 3 only", async () => {
    const { a, admin, teacher, term, students } = await setUp("R");
    const [adwoa, bright] = students;
    expect(await a.termLines(teacher.token, term.id, [{ studentId: adwoa.id, present: 55, conduct: "Polite", teacherRemark: "Works hard" }])).toMatchObject({
      status: 200,
      body: { saved: 1 },
    });
    expect(await a.termLines(teacher.token, term.id, [{ studentId: adwoa.id, interest: "Music" }])).toMatchObject({ status: 200 });
    expect(await a.termLines(teacher.token, term.id, [{ studentId: adwoa.id, headRemark: "Good" }])).toMatchObject({
      status: 403,
      body: { error: TERM_MESSAGES.headOnly },
    });
    expect(await a.termLines(admin.token, term.id, [{ studentId: adwoa.id, promotion: "Promoted" }])).toMatchObject({
      status: 400,
      body: { error: TERM_MESSAGES.promotionThirdTerm },
    });
    expect(await a.termLines(admin.token, term.id, [{ studentId: bright.id, present: 61 }])).toMatchObject({
      status: 400,
      body: { error: TERM_MESSAGES.presentRange("Bright Ofori") },
    });
    expect(await a.termLines(admin.token, term.id, [{ studentId: bright.id, present: 58, attendanceDays: 58 }])).toMatchObject({ status: 200 });
    expect(await a.termLines(admin.token, term.id, [{ studentId: 999999, present: 1 }])).toMatchObject({
      status: 400,
      body: { error: TERM_MESSAGES.studentNotFound },
    });
    expect((await a.termLines(adwoa.token, term.id, [{ studentId: adwoa.id, present: 60 }])).status).toBe(403);
    expect((await a.termLines(admin.token, 999999, [])).status).toBe(404);
    expect(await a.termLines(admin.token, term.id, [{ studentId: adwoa.id, headRemark: "An excellent term's work." }])).toMatchObject({ status: 200 });
    const r = (await a.reports(admin.token, term.id, "?class=JHS%201R")).body.students;
    expect(r[0]).toMatchObject({
      attendance: { present: 55, outOf: 60 },
      conduct: "Polite",
      interest: "Music",
      teacherRemark: "Works hard",
      headRemark: "An excellent term's work.",
      promotion: null,
    });
    expect(r[1].attendance).toEqual({ present: 58, outOf: 58 });

    const third = await setUp("S", { number: 3 });
    expect(await third.a.termLines(third.admin.token, third.term.id, [{ studentId: third.students[0].id, promotion: "Promoted to JHS 2" }])).toMatchObject({
      status: 200,
    });
    expect((await third.a.reports(third.admin.token, third.term.id, "?class=JHS%201S")).body.students[0].promotion).toBe("Promoted to JHS 2");
  });
});

describe("attendance import", () => {
  const upload = (token: string, termId: number, body: Buffer, filename: string) => {
    const boundary = "----terms" + Date.now();
    const payload = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
      body,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return call(t.app, {
      method: "POST",
      url: `/api/terms/${termId}/attendance/import`,
      token,
      payload,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    });
  };

  it("reads a CSV and an xlsx of names and days present, reporting the rows it could not use", async () => {
    const { a, admin, teacher, term, students } = await setUp("T", {}, ["Abla Tetteh", "Baba Issah", "Celestine Kuma"]);
    const csv = `Attendance, Term 1\nName,Present,Days\nAbla Tetteh,57,\n${students[1].name.toLowerCase()},59,59\nNobody Here,10,\nCelestine Kuma,70,\nBright Ofori,10,\n`;
    const res = await upload(teacher.token, term.id, Buffer.from(csv), "attendance.csv");
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.saved).toBe(2);
    expect(res.body.problems).toEqual([
      { row: 5, error: "No student Nobody Here" },
      { row: 6, error: TERM_MESSAGES.presentRange("Celestine Kuma") },
      { row: 7, error: "More than one student is named Bright Ofori: use the username" },
    ]);
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet("Sheet1");
    ws.addRow(["Name", "Present"]);
    ws.addRow(["Celestine Kuma", 44]);
    const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
    expect((await upload(admin.token, term.id, xlsx, "attendance.xlsx")).body).toMatchObject({ saved: 1, problems: [] });
    const r = (await a.reports(admin.token, term.id, "?class=JHS%201T")).body.students;
    expect(r.map((s: { attendance: object }) => s.attendance)).toEqual([
      { present: 57, outOf: 60 },
      { present: 59, outOf: 59 },
      { present: 44, outOf: 60 },
    ]);
    expect((await upload(students[0].token, term.id, Buffer.from(csv), "a.csv")).status).toBe(403);
    expect((await upload(admin.token, term.id, Buffer.from("Colour,Size\nred,1\n"), "a.csv")).status).toBe(400);
    expect((await upload(admin.token, term.id, Buffer.from("%PDF-1.4"), "a.pdf")).status).toBe(415);
  });
});
