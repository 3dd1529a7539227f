import type { FastifyReply } from "fastify";
import type { ReportFormat, ReportResult } from "@adesua/domain";
import { contentDisposition } from "../files.service";
import { reportCsv, reportDocx, reportFileBase } from "./report-export";

export * from "./report.service";

const DOCX_MIME = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

/** A report as JSON, or downloaded as CSV or Word under its name and ISO date. */
export async function sendReport(reply: FastifyReply, report: ReportResult, format: ReportFormat | undefined, schoolName: string) {
  if (!format) return report;
  const name = reportFileBase(report);
  if (format === "csv") {
    return reply
      .header("Content-Type", "text/csv; charset=utf-8")
      .header("Content-Disposition", contentDisposition(`${name}.csv`))
      .send(reportCsv(report));
  }
  const docx = await reportDocx(report, schoolName);
  return reply
    .header("Content-Type", DOCX_MIME)
    .header("Content-Disposition", contentDisposition(`${name}.docx`))
    .send(docx);
}
