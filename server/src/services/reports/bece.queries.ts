import { sql } from "drizzle-orm";
import { answerMatches, markAnswer, type QuestionDetails, type QuestionType } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import type { Viewer } from "../../lib/viewer";
import { practiceScopeSql, quizScopeSql } from "./report-scope";

/** A topic needs this many graded answers before it can be named among the weakest. */
export const MIN_TOPIC_ANSWERS = 3;
/** How many weakest topics a level and subject shows. */
export const WEAKEST_TOPICS = 3;
/** Practice has no pass mark of its own: the quizzes' default one (50%). */
export const PRACTICE_PASS_MARK = 50;

export type ReadinessFigure = {
  level: string;
  subject_key: string;
  subject: string;
  quiz_n: number;
  quiz_avg: string | null;
  quiz_passed: number;
  practice_n: number;
  practice_avg: string | null;
  practice_passed: number;
};

/**
 * Per level and subject: quiz records (the quiz's level, its course as the subject, passed against
 * the quiz's pass mark) and past-question practice (the student's level, the paper's subject,
 * passed at 50%). Subjects are matched case-insensitively ("Mathematics" course = "mathematics" paper).
 */
export async function readinessFigures(db: Queryable, viewer: Viewer): Promise<ReadinessFigure[]> {
  const res = await db.execute<ReadinessFigure>(sql`
    with results as (
      select q.student_type as level, lower(trim(c.title)) as subject_key, c.title as subject, 'quiz' as source,
             r.score as score, (r.score >= q.passing_score) as passed
      from records r join quizzes q on q.id = r.quiz_id join courses c on c.id = q.course_id
      where r.score is not null and ${quizScopeSql(viewer)}
      union all
      select u.student_type, lower(trim(p.subject)), p.subject, 'practice', p.percentage, (p.percentage >= ${PRACTICE_PASS_MARK})
      from practice_results p join users u on u.id = p.user_id
      where u.student_type is not null and ${practiceScopeSql(viewer)}
    )
    select level, subject_key, coalesce(min(subject) filter (where source = 'quiz'), min(subject)) as subject,
           (count(*) filter (where source = 'quiz'))::int as quiz_n,
           round(avg(score) filter (where source = 'quiz'), 2)::text as quiz_avg,
           (count(*) filter (where source = 'quiz' and passed))::int as quiz_passed,
           (count(*) filter (where source = 'practice'))::int as practice_n,
           round(avg(score) filter (where source = 'practice'), 2)::text as practice_avg,
           (count(*) filter (where source = 'practice' and passed))::int as practice_passed
    from results group by level, subject_key order by level, subject_key`);
  return res.rows;
}

export type TopicScore = { level: string; subjectKey: string; topic: string; right: number; total: number };
const key = (level: string, subjectKey: string, topic: string) => `${level}\u0000${subjectKey}\u0000${topic}`;

/**
 * Right and total answers per level, subject and topic. Practice answers carry whether they were
 * right; quiz answers are counted by the database per question and distinct answer given, and each
 * distinct answer is judged once with the grading rule (text or letter, domain/rules/grading).
 * A quiz question's topic is its own or that of the bank question it was taken from; unanswered
 * questions are not counted.
 */
export async function topicScores(db: Queryable, viewer: Viewer): Promise<TopicScore[]> {
  const [quizAnswers, practice] = await Promise.all([
    // The questions with a topic first (few, or none), then their answers through attempt_answers' index
    // on question_id: the 4 million answers of untagged questions are never read.
    db.execute<{
      level: string;
      subject_key: string;
      topic: string;
      options: string[];
      key: string;
      type: QuestionType;
      details: QuestionDetails;
      given: string;
      n: number;
    }>(sql`
      with tq as materialized (
        select qq.id, qq.options, qq.answer, qq.type, qq.details, coalesce(qq.topic, src.topic) as topic, q.student_type as level, lower(trim(c.title)) as subject_key
        from questions qq
        left join questions src on src.id = qq.source_question_id
        join quizzes q on q.id = qq.quiz_id join courses c on c.id = q.course_id
        where qq.quiz_id is not null and coalesce(qq.topic, src.topic) is not null and qq.answer is not null and ${quizScopeSql(viewer)}
      )
      select tq.level, tq.subject_key, tq.topic, tq.options, tq.answer as key, tq.type, tq.details, lower(trim(aa.answer)) as given, count(*)::int as n
      from tq
      join attempt_answers aa on aa.question_id = tq.id
      join attempts a on a.id = aa.attempt_id and a.status = 'submitted'
      group by tq.id, tq.level, tq.subject_key, tq.topic, tq.options, tq.answer, tq.type, tq.details, lower(trim(aa.answer))`),
    db.execute<{ level: string; subject_key: string; topic: string; right: number; total: number }>(sql`
      select u.student_type as level, lower(trim(p.subject)) as subject_key, bq.topic,
             -- Share of the marks earned (issue 27; older rows: right or wrong); written answers practice does not mark are left out.
             coalesce(sum(case when jsonb_typeof(e.value -> 'earned') = 'number' and (e.value ->> 'available')::numeric > 0
                               then (e.value ->> 'earned')::numeric / (e.value ->> 'available')::numeric
                               else ((e.value ->> 'correct')::boolean)::int end), 0)::float8 as right,
             count(*)::int as total
      from practice_results p join users u on u.id = p.user_id
      cross join lateral jsonb_array_elements(p.answers) e
      join questions bq on bq.id = (e.value ->> 'questionId')::int
      where u.student_type is not null and bq.topic is not null and e.value ->> 'answer' is not null
        and coalesce(jsonb_typeof(e.value -> 'earned'), 'number') <> 'null' and ${practiceScopeSql(viewer)}
      group by 1, 2, 3`),
  ]);
  const out = new Map<string, TopicScore>();
  const add = (level: string, subjectKey: string, topic: string, right: number, total: number) => {
    const k = key(level, subjectKey, topic);
    const t = out.get(k) ?? { level, subjectKey, topic, right: 0, total: 0 };
    t.right += right;
    t.total += total;
    out.set(k, t);
  };
  for (const r of quizAnswers.rows) {
    const n = Number(r.n);
    // Judged by the question's type (a share of the marks for partial credit), as grading marks it.
    const q = { type: r.type ?? "single", options: r.options, answer: r.key, details: r.details ?? {}, marks: 1 };
    add(r.level, r.subject_key, r.topic, (markAnswer(q, r.given, answerMatches).earned ?? 0) * n, n);
  }
  for (const r of practice.rows) add(r.level, r.subject_key, r.topic, Number(r.right), Number(r.total));
  return [...out.values()];
}

/** The weakest topics of each level and subject: lowest share right first, with enough answers. */
export function weakestTopics(scores: readonly TopicScore[]): Map<string, { topic: string; percent: number }[]> {
  const by = new Map<string, { topic: string; percent: number }[]>();
  for (const t of scores) {
    if (t.total < MIN_TOPIC_ANSWERS) continue;
    const k = `${t.level}\u0000${t.subjectKey}`;
    const list = by.get(k) ?? [];
    list.push({ topic: t.topic, percent: Math.round((t.right * 10_000) / t.total) / 100 });
    by.set(k, list);
  }
  for (const list of by.values()) list.sort((a, b) => a.percent - b.percent || a.topic.localeCompare(b.topic)).splice(WEAKEST_TOPICS);
  return by;
}
