import { eq } from "drizzle-orm";
import { classLabel, DEFAULT_GRADE_REMARKS, TERM_MESSAGES, type StudentType, type StudentReport, type TermReports } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { terms, users } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { assertCanSeeReports } from "../../policies/terms.policy";
import { schoolAssessment } from "./assessment";
import { reportRows, type ReportRow } from "./reports.queries";
import { readClass, termClass, type ClassRef } from "./term-classes.service";

/** A class's terminal reports (issue 28, decision 050): staff any class, a student their own once released. */

function presentReport(level: StudentType, r: ReportRow): StudentReport {
  return {
    studentId: r.student_id,
    name: r.name,
    class: classLabel(level, r.stream),
    subjects: r.subjects.map((s) => ({
      subjectId: s.subjectId,
      name: s.name,
      classScore: s.classScore,
      examScore: s.examScore,
      total: s.total,
      position: s.position,
      grade: s.grade,
      remark: s.remark,
      adjustReason: s.adjustReason,
    })),
    total: r.total,
    average: r.average,
    overallPosition: r.overall_position,
    classSize: r.class_size,
    attendance: { present: r.present, outOf: r.out_of },
    conduct: r.conduct,
    interest: r.interest,
    teacherRemark: r.teacher_remark,
    headRemark: r.head_remark,
    promotion: r.promotion,
  };
}

/** The class a report request is about: staff name it; a student's is their own. */
async function classFor(db: Queryable, viewer: Viewer, className: string | null | undefined): Promise<ClassRef> {
  if (viewer.role !== "student") return readClass(className ?? undefined);
  const [u] = await db.select({ studentType: users.studentType, stream: users.stream }).from(users).where(eq(users.id, viewer.id));
  if (!u?.studentType) throw notFound(TERM_MESSAGES.notFound);
  const level = u.studentType as StudentType;
  return { level, stream: u.stream, label: classLabel(level, u.stream) };
}

/**
 * GET /terms/{id}/reports?class=: the class's reports in the order of the class list, computed by the database.
 * A student gets their own report only, and 403 until both checks are given. Print jobs and guardian messages call
 * this too.
 */
export async function termReports(db: Queryable, viewer: Viewer, termId: number, className?: string | null): Promise<TermReports> {
  const c = await classFor(db, viewer, className);
  const [term] = await db.select().from(terms).where(eq(terms.id, termId));
  if (!term) throw notFound(TERM_MESSAGES.notFound);
  const checks = await termClass(db, term.id, c);
  assertCanSeeReports(viewer, checks.released);
  const school = await schoolAssessment(db);
  const remarks: Record<string, string> = {};
  for (let g = 1; g <= 9; g++) remarks[String(g)] = school.remarks[String(g)] ?? DEFAULT_GRADE_REMARKS[g] ?? "";
  const rows = await reportRows(db, {
    termId: term.id,
    level: c.level,
    stream: c.stream,
    levelScope: term.positionScope === "level",
    classWeight: Number(term.classWeight),
    examWeight: Number(term.examWeight),
    bands: school.bands,
    remarks,
    studentId: viewer.role === "student" ? viewer.id : undefined,
  });
  return {
    term: {
      id: term.id,
      name: term.name,
      number: term.number,
      classWeight: Number(term.classWeight),
      examWeight: Number(term.examWeight),
      nextTermBegins: term.nextTermBegins,
    },
    class: c.label,
    checks,
    students: rows.map((r) => presentReport(c.level, r)),
  };
}
