import { sql } from "drizzle-orm";
import type { Db, Tx } from "../../db/client";
import type { ReportFormat, ReportResult } from "@adesua/domain";
import { contentDisposition } from "../files/files.service";
import type { Download } from "../../lib/download";
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

/** A report downloaded as CSV or Word under its name and ISO date (the route sends it; without a format it answers JSON). */
export async function reportFile(report: ReportResult, format: ReportFormat, schoolName: string): Promise<Download> {
  const name = reportFileBase(report);
  if (format === "csv") {
    return {
      headers: [
        ["Content-Type", "text/csv; charset=utf-8"],
        ["Content-Disposition", contentDisposition(`${name}.csv`)],
      ],
      body: reportCsv(report),
    };
  }
  const docx = await reportDocx(report, schoolName);
  return {
    headers: [
      ["Content-Type", DOCX_MIME],
      ["Content-Disposition", contentDisposition(`${name}.docx`)],
    ],
    body: docx,
  };
}
