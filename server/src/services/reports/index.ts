import type { FastifyReply } from "fastify";
import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import type { ReportFormat, ReportResult } from "@adesua/domain";
import { contentDisposition } from "../files/files.service";
import { reportCsv, reportDocx, reportFileBase } from "./report-export";

export * from "./report.service";

/**
 * A report's queries in one read-only transaction without JIT compilation: PostgreSQL judged these
 * aggregates (100,000 records, a window function) costly enough to compile, which took seconds for a
 * query that runs in a fraction of that.
 */
export function inReportTx<T>(db: Db, run: (tx: Tx) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`set transaction read only`);
    await tx.execute(sql`set local jit = off`);
    return run(tx);
  });
}

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
