import { sql } from "drizzle-orm";
import type { Queryable } from "../../db/client";

/**
 * The one place a student's records of a quiz are brought in line with their grades (decision 022),
 * used by grading, grade edits and deletions, the records admin and re-grading after a key changes.
 * In one statement, for one student (or every student, without `userId`) and one quiz:
 * - a record made from a submission takes the submission's score, right count and total;
 * - passed: score ≥ the quiz's passing score, unknown (null) while the submission is ungraded
 *   (`passedFor` in domain/src/rules/grading.ts); a record entered by hand is always graded;
 * - personal best: a score higher than every earlier scored record of that student at that quiz, in
 *   the order the records were made, or their first score; never without one (`isPersonalBest` in
 *   domain/src/rules/personal-best.ts; PERSONAL_BEST_CASES run through this SQL in sql-rules.test.ts).
 * Only rows whose values change are written. Answers how many records changed.
 */
export async function recomputeRecords(db: Queryable, target: { quizId: number; userId?: number | null }): Promise<number> {
  const userId = target.userId ?? null;
  const res = await db.execute(sql`
    with src as (
      select r.id, r.user_id, r.created_at,
        case when s.id is null then r.score else s.score end as score,
        case when s.id is null then r.correct else s.correct end as correct,
        case when s.id is null then r.total else s.total end as total,
        coalesce(s.graded, true) as graded,
        q.passing_score
      from records r
      join quizzes q on q.id = r.quiz_id
      left join submissions s on s.id = r.submission_id
      where r.quiz_id = ${target.quizId}::int and (${userId}::int is null or r.user_id = ${userId}::int)
    ),
    computed as (
      select src.id, src.score, src.correct, src.total,
        case when src.graded and src.score is not null then src.score >= src.passing_score end as passed,
        src.score is not null and coalesce(
          src.score > max(src.score) over (partition by src.user_id order by src.created_at, src.id rows between unbounded preceding and 1 preceding),
          true
        ) as best
      from src
    )
    update records r
    set score = c.score, correct = c.correct, total = c.total, passed = c.passed, is_personal_best = c.best
    from computed c
    where r.id = c.id
      and (r.score is distinct from c.score or r.correct <> c.correct or r.total <> c.total
           or r.passed is distinct from c.passed or r.is_personal_best <> c.best)
    returning r.id`);
  return res.rows.length;
}
