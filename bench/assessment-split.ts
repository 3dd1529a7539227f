/**
 * Where the time of a mock's results goes (issue 28), in this process on a fresh database of bench/assessment-data.ts:
 * the results statement alone (results.queries.ts), its EXPLAIN ANALYZE execution time, and the item analysis of each
 * Paper 1 (the weakest topics); and the term reports' statement for one class. No HTTP, no server.
 *
 *   node --import tsx bench/assessment-split.ts [--db postgres|pglite] [--runs 5]
 */
import { parseArgs } from "node:util";
import { sql } from "drizzle-orm";
import { DEFAULT_GRADE_BANDS } from "@adesua/domain";
import { createStormDatabase, withDatabase } from "../server/test/storm";
import { resultsSql } from "../server/src/services/mocks/results.queries";
import { itemAnalysis } from "../server/src/services/performance/item-analysis.service";
import { seedAssessment } from "./assessment-data";
import { stats } from "./assessment-http";

const { values: args } = parseArgs({
  options: { db: { type: "string", default: "postgres" }, runs: { type: "string", default: "5" }, plan: { type: "boolean", default: false } },
});
const runs = Number(args.runs);
const db0 = await createStormDatabase(args.db === "pglite" ? "pglite" : "postgres");
try {
  await withDatabase(db0, async (db) => {
    const ctx = await seedAssessment(db);
    const time = async (label: string, f: () => Promise<unknown>) => {
      await f();
      const ms: number[] = [];
      for (let i = 0; i < runs; i++) {
        const t = performance.now();
        await f();
        ms.push(performance.now() - t);
      }
      console.log(label, JSON.stringify(stats(ms)));
    };
    const bands = [...DEFAULT_GRADE_BANDS];
    await time("results statement, all 300", () => db.execute(resultsSql(ctx.mockId, bands, {})));
    await time("results statement, JHS 3A", () => db.execute(resultsSql(ctx.mockId, bands, { className: true, stream: "A" })));
    if (args.db !== "pglite") {
      // PostgreSQL compiles a statement this costly with JIT (jit_above_cost 100,000) unless told not to.
      const noJit = (q: ReturnType<typeof resultsSql>) =>
        db.transaction(async (tx) => {
          await tx.execute(sql`set local jit = off`);
          return tx.execute(q);
        });
      await time("results statement, all 300, jit off", () => noJit(resultsSql(ctx.mockId, bands, {})));
      await time("results statement, JHS 3A, jit off", () => noJit(resultsSql(ctx.mockId, bands, { className: true, stream: "A" })));
      const plan = await db.execute<{ "QUERY PLAN": string }>(sql`explain (analyze, format text) ${resultsSql(ctx.mockId, bands, {})}`);
      console.log(
        plan.rows
          .map((r) => r["QUERY PLAN"])
          .filter((l) => args.plan || /Execution Time|Planning Time/.test(l))
          .join(args.plan ? "\n" : " | "),
      );
    }
    const quizzes = (await db.execute<{ quiz_id: number }>(sql`select quiz_id from mock_papers where mock_id = ${ctx.mockId} and kind = 'quiz' order by id`))
      .rows;
    await time("item analysis of the 9 Paper 1s (stored counts)", async () => {
      for (const q of quizzes) await itemAnalysis(db, Number(q.quiz_id));
    });
    await time("item analysis of the 9 Paper 1s (fresh)", async () => {
      for (const q of quizzes) await itemAnalysis(db, Number(q.quiz_id), { fresh: true });
    });
  });
} finally {
  await db0.cleanup();
}
