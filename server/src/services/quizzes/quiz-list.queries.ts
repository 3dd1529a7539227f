import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/**
 * The student quiz list's page (spec issue 9 item 14, decision 033): which quiz ids a page shows, in
 * the student order, without sorting the whole level. The order's groups are read one after another,
 * each as a range of one index in its own order with LIMIT offset + limit, and only the few rows those
 * branches return are sorted by the full key:
 *
 *   0 in progress            the student's open attempts (attempts_user_id_idx), full key
 *   1 open, closing          close_time >= now, close_time asc, id desc   quizzes_level_close_idx
 *   1 open, never closing    close_time is null, id desc                   quizzes_level_close_idx
 *   2 upcoming               open_time > now, open_time asc, id desc       quizzes_level_open_idx
 *   2 upcoming, inverted     open_time > now > close_time (the form refuses this window; kept exact)
 *                                                                          quizzes_level_inverted_idx
 *   3 closed                 close_time < now, close_time desc, id desc    quizzes_level_closed_idx
 *
 * Each branch's ORDER BY spells out NULLS LAST as its index stores it (drizzle-kit writes DESC NULLS
 * LAST), or PostgreSQL would not read the index in that order; no value those branches sort is null.
 *
 * The branches partition the rows (each has the full filter `cond` and excludes the in-progress
 * quizzes), and each returns its own first offset + limit rows in the full key's order restricted to
 * it, so the first offset + limit rows of their union under the full key are the list's. The full
 * key is the one studentOrder in quiz.service.ts sorts by; "orders a student's list across the
 * group borders" in quizzes.test.ts pins the two together on both databases.
 */
export function studentPageIds(cond: SQL, sid: SQLWrapper, now: SQLWrapper, limit: SQLWrapper, offset: SQLWrapper): SQL {
  const inProgress = sql`exists(select 1 from attempts a where a.quiz_id = quizzes.id and a.user_id = ${sid} and a.status = 'in_progress' and (a.deadline is null or a.deadline > ${now}))`;
  const n = sql`(${offset}::int + ${limit}::int)`;
  const notOpenYet = sql`quizzes.open_time > ${now}`;
  const opened = sql`(quizzes.open_time is null or quizzes.open_time <= ${now})`;
  const keys = (g: number) =>
    sql.raw(`${g} as g, `).append(
      sql`case when quizzes.open_time > ${now} or quizzes.close_time < ${now} then null else quizzes.close_time end as k2,
      case when quizzes.open_time > ${now} then quizzes.open_time end as k3,
      case when quizzes.close_time < ${now} then quizzes.close_time end as k4`,
    );
  const branch = (g: number, where: SQL, order: string) =>
    sql`(select quizzes.id, ${keys(g)} from quizzes where ${cond} and ${where} order by ${sql.raw(order)} limit ${n})`;
  const fullKey = "k2 asc nulls last, k3 asc nulls last, k4 desc nulls last, id desc";
  const notInProgress = sql`not ${inProgress}`;
  return sql`select id from (
    ${branch(0, inProgress, fullKey)}
    union all ${branch(1, sql`${notInProgress} and ${opened} and quizzes.close_time >= ${now}`, "quizzes.close_time asc, quizzes.id desc nulls last")}
    union all ${branch(1, sql`${notInProgress} and ${opened} and quizzes.close_time is null`, "quizzes.id desc nulls last")}
    union all ${branch(2, sql`${notInProgress} and ${notOpenYet} and (quizzes.close_time is null or quizzes.close_time >= ${now})`, "quizzes.open_time asc, quizzes.id desc nulls last")}
    union all ${branch(2, sql`${notInProgress} and ${notOpenYet} and quizzes.close_time < ${now} and quizzes.open_time > quizzes.close_time`, "quizzes.open_time asc, quizzes.close_time desc nulls last, quizzes.id desc nulls last")}
    union all ${branch(3, sql`${notInProgress} and ${opened} and quizzes.close_time < ${now}`, "quizzes.close_time desc nulls last, quizzes.id desc nulls last")}
  ) page order by g, ${sql.raw(fullKey)} limit ${limit} offset ${offset}`;
}
