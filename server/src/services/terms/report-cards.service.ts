import { TERM_REPORT_MESSAGES, type ReportsQuery } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { notFound } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { assertCanPrint } from "../../policies/terms.policy";
import { loadSchoolPrint, renderPdf } from "../prints/print.service";
import { termReports } from "./reports.service";

/**
 * GET /terms/{id}/reports?format=pdf: the class's cards in one PDF in the order of the class list (or one student's
 * with studentId). Staff print before both checks only as a preview (409 otherwise); a student prints their own card
 * once released.
 */
export async function reportCardsPdf(db: Queryable, viewer: Viewer, termId: number, q: ReportsQuery): Promise<{ pdf: Uint8Array; fileName: string }> {
  const reports = await termReports(db, viewer, termId, q.class);
  const released = reports.checks?.released ?? false;
  const preview = viewer.role !== "student" && !released && q.preview === true;
  assertCanPrint(viewer, released, preview);
  if (q.studentId !== undefined) {
    reports.students = reports.students.filter((s) => s.studentId === q.studentId);
    if (!reports.students.length) throw notFound(TERM_REPORT_MESSAGES.classNotFound);
  }
  const pdf = await renderPdf({ kind: "report-cards", school: await loadSchoolPrint(db), reports, preview });
  const who = reports.students.length === 1 ? reports.students[0].name : reports.class;
  return { pdf, fileName: `${reports.term.name} ${who} report${reports.students.length === 1 ? "" : "s"}.pdf` };
}
