import { describe, expect, it } from "vitest";
import { sql } from "drizzle-orm";
import { useTestApp } from "../../../test/test-app";
import { buildQuiz } from "../../../test/factories";
import { termReports } from "./reports.service";

/**
 * Issue 28's figure: the reports of a 300-student level with 9 subjects compute in the database in under 1 s. Here:
 * JHS 2 of six classes of 50, nine subjects each scored from a quiz (one or two submissions per student), a gradebook
 * column, a project and an exam entered; timed for one class with positions in the class and in the level (the best of three runs).
 */
const t = useTestApp();
const LIMIT_MS = Number(process.env.TERMS_REPORT_LIMIT_MS ?? 1000);

describe("reports of a 300-student level with 9 subjects", () => {
  it(`compute in under ${LIMIT_MS} ms`, async () => {
    const db = t.database.db;
    await db.execute(sql`
      insert into users (name, email, role, student_type, stream)
      select 'Perf Student ' || lpad(i::text, 3, '0'), 'perf' || i || '@perf.test', 'student', 'jhs2', chr(65 + (i % 6))
      from generate_series(1, 300) i`);
    const quizIds: number[] = [];
    for (let s = 0; s < 9; s++) quizIds.push((await buildQuiz(db, { studentType: "jhs2" })).quiz.id);
    await db.execute(sql`
      insert into submissions (quiz_id, user_id, score, correct, total)
      select q, u.id, ((u.id * 7 + q * 13 + k * 5) % 101)::numeric, 0, 3
      from unnest(${`{${quizIds.join(",")}}`}::int[]) q cross join users u cross join generate_series(1, 2) k
      where u.email like 'perf%@perf.test' and (k = 1 or u.id % 2 = 0)`);
    const columns = [
      { key: "c1", name: "Student", type: "text", outOf: null },
      ...quizIds.map((_, i) => ({ key: `c${i + 2}`, name: `S${i}`, type: "number", outOf: 10 })),
    ];
    const gb = await db.execute<{ id: number }>(
      sql`insert into gradebooks (name, columns, student_type) values ('Perf', ${JSON.stringify(columns)}::jsonb, 'jhs2') returning id`,
    );
    const gbId = gb.rows[0].id;
    await db.execute(sql`
      insert into gradebook_cells (table_id, student_id, column_key, value)
      select ${gbId}, u.id, 'c' || (s + 2), ((u.id * 3 + s) % 11)::text
      from users u cross join generate_series(0, 8) s where u.email like 'perf%@perf.test'`);
    const term = await db.execute<{ id: number }>(sql`
      insert into terms (name, starts_on, ends_on, attendance_days) values ('Perf term', '2026-09-08', '2026-12-18', 64) returning id`);
    const termId = term.rows[0].id;
    for (const [s, quizId] of quizIds.entries()) {
      const subj = await db.execute<{ id: number }>(sql`
        insert into term_subjects (term_id, student_type, name, position) values (${termId}, 'jhs2', ${`Subject ${s}`}, ${s}) returning id`);
      const sid = subj.rows[0].id;
      await db.execute(sql`
        insert into term_components (subject_id, part, kind, name, quiz_id, gradebook_id, column_key, out_of, weight, position) values
          (${sid}, 'class', 'quiz', 'Quiz', ${quizId}, null, null, 100, 1, 0),
          (${sid}, 'class', 'gradebook', 'Exercises', null, ${gbId}, ${`c${s + 2}`}, 10, 1, 1),
          (${sid}, 'class', 'marks', 'Project', null, null, null, 20, 2, 2),
          (${sid}, 'exam', 'marks', 'Exam', null, null, null, 100, 1, 3)`);
      await db.execute(sql`
        insert into term_marks (component_id, student_id, mark)
        select c.id, u.id, (u.id * 11 + c.id * 3) % (c.out_of::int + 1)
        from term_components c cross join users u
        where c.subject_id = ${sid} and c.kind = 'marks' and u.email like 'perf%@perf.test'`);
    }
    await db.execute(sql`
      insert into term_students (term_id, student_id, present) select ${termId}, u.id, 50 + u.id % 14 from users u where u.email like 'perf%@perf.test'`);
    await db.execute(sql`analyze`);

    const viewer = { id: 1, role: "admin" as const, studentType: null };
    await termReports(db, viewer, termId, "JHS 2B");
    const times: Record<string, number> = {};
    for (const scope of ["class", "level"]) {
      await db.execute(sql`update terms set position_scope = ${scope} where id = ${termId}`);
      // The best of three: the machine is shared, and the figure is the query's cost, not the scheduler's.
      let r = await termReports(db, viewer, termId, "JHS 2B");
      times[scope] = Infinity;
      for (let i = 0; i < 3; i++) {
        const started = performance.now();
        r = await termReports(db, viewer, termId, "JHS 2B");
        times[scope] = Math.min(times[scope], Math.round(performance.now() - started));
      }
      expect(r.students).toHaveLength(50);
      expect(r.students[0].subjects).toHaveLength(9);
      expect(r.students.every((s) => s.overallPosition !== null)).toBe(true);
      expect(r.students[0].classSize).toBe(scope === "class" ? 50 : 300);
    }
    if (process.env.TERMS_EXPLAIN) {
      const { reportSql } = await import("./reports.queries");
      const { DEFAULT_ASSESSMENT } = await import("@adesua/domain");
      const q = reportSql({
        termId,
        level: "jhs2",
        stream: "B",
        levelScope: true,
        classWeight: 30,
        examWeight: 70,
        bands: DEFAULT_ASSESSMENT.bands,
        remarks: DEFAULT_ASSESSMENT.remarks,
      });
      const plan = await db.execute<{ "QUERY PLAN": string }>(sql`explain (analyze, costs off) ${q}`);
      console.log(plan.rows.map((r) => r["QUERY PLAN"]).join("\n"));
    }
    console.log(`terms reports, 300 students × 9 subjects (one class of 50): ${JSON.stringify(times)} ms`);
    expect(Math.max(...Object.values(times))).toBeLessThan(LIMIT_MS);
  }, 120_000);
});
