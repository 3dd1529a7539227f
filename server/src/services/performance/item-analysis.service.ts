import { eq, sql } from "drizzle-orm";
import {
  correctAnswerText,
  correctOptionIndex,
  describeKey,
  isAutoMarked,
  itemGroupSize,
  itemStatistics,
  optionLetter,
  PERFORMANCE_MESSAGES,
  type ItemAnalysis,
  type ItemKeyResult,
  type QuestionDetails,
  type QuestionType,
} from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { questions, quizzes } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { badRequest, notFound } from "../../lib/errors";
import { regradeQuiz } from "../grading/regrade.service";
import { loadKeyedQuestions } from "../grading/grading.service";
import { queryPrepared } from "../../db/prepared";
import { int, rowsOf } from "./scope";
import { drainSummaries } from "./summary-backlog";

/** The domain's `norm` (trim, lower case) in SQL: btrim told the whitespace JavaScript's trim() removes. */
const norm = (col: string) => sql.raw(`lower(btrim(${col}, E' \\t\\n\\r\\f\\v'))`);

type CountRow = { qid: number; chosen: number; n: unknown; upper: unknown; lower: unknown; c: unknown; cu: unknown; cl: unknown };

/**
 * Per question and chosen option, how many students chose it (all, upper 27%, lower 27%) and how many
 * answered right, over each student's first submission, ranked by its score. The option an answer
 * names and whether it is right follow `answerMatches` (domain/src/rules/grading.ts): an answer equal
 * to an option's text is that option, else a single letter A–E names one; right when it is the key's
 * option, or equals the key when the key names no option. One query; every join is on an index.
 */
function countsSql(quizId: number, n: number, g: number) {
  return sql`
    with firsts as (
      select distinct on (s.user_id) s.id, s.attempt_id, coalesce(s.score, 0) as score
      from submissions s where s.quiz_id = ${quizId} and s.attempt_id is not null
      order by s.user_id, s.id
    ),
    grp as (
      select f.attempt_id, row_number() over (order by f.score desc, f.id) as rk from firsts f
    ),
    opts as (
      select q.id as qid, (o.i - 1)::int as idx, ${norm("o.t")} as t
      from questions q cross join lateral jsonb_array_elements_text(q.options) with ordinality as o(t, i)
      where q.quiz_id = ${quizId}
    ),
    first_opt as (select qid, t, min(idx) as idx from opts group by qid, t),
    qs as (
      select q.id as qid, jsonb_array_length(q.options) as nopt,
             case when q.answer is null or ${norm("q.answer")} = '' then null else ${norm("q.answer")} end as key_norm
      from questions q where q.quiz_id = ${quizId}
    ),
    keys as (
      select k.qid, k.key_norm, k.key_idx, o.t as key_text
      from (
        select qs.qid, qs.key_norm,
               coalesce(fo.idx, case when length(qs.key_norm) = 1 and strpos('abcde', qs.key_norm) between 1 and qs.nopt then strpos('abcde', qs.key_norm) - 1 end, -1) as key_idx
        from qs left join first_opt fo on fo.qid = qs.qid and fo.t = qs.key_norm
        where qs.key_norm is not null
      ) k left join opts o on o.qid = k.qid and o.idx = k.key_idx
    ),
    answers as materialized (
      select aa.question_id as qid, g.rk, ${norm("aa.answer")} as a
      from grp g join attempt_answers aa on aa.attempt_id = g.attempt_id
    ),
    classified as (
      select a.qid, a.rk <= ${g} as upper, a.rk > ${n - g} as lower,
             coalesce(fo.idx, case when length(a.a) = 1 and strpos('abcde', a.a) between 1 and qs.nopt then strpos('abcde', a.a) - 1 end, -1) as chosen,
             case
               when k.qid is null then false
               when k.key_idx >= 0 then a.a = k.key_text or (fo.idx is null and length(a.a) = 1 and strpos('abcde', a.a) - 1 = k.key_idx)
               else a.a = k.key_norm
             end as correct
      from answers a join qs on qs.qid = a.qid
      left join first_opt fo on fo.qid = a.qid and fo.t = a.a
      left join keys k on k.qid = a.qid
      where a.a <> ''
    )
    select qid, chosen::int as chosen, count(*)::int as n, (count(*) filter (where upper))::int as upper, (count(*) filter (where lower))::int as lower,
           (count(*) filter (where correct))::int as c, (count(*) filter (where correct and upper))::int as cu, (count(*) filter (where correct and lower))::int as cl
    from classified group by qid, chosen`;
}

/** The analysed students' first submissions ranked by score, and their marks per question (`item_marks`). */
function marksCte(quizId: number) {
  return sql`
    with firsts as (
      select distinct on (s.user_id) s.id, s.attempt_id, s.item_marks, coalesce(s.score, 0) as score
      from submissions s where s.quiz_id = ${quizId} and s.attempt_id is not null
      order by s.user_id, s.id
    ),
    grp as (select f.id, f.attempt_id, f.item_marks, row_number() over (order by f.score desc, f.id) as rk from firsts f),
    m as (
      select (e->>'questionId')::int as qid, g.rk,
             case when jsonb_typeof(e->'earned') = 'number' then (e->>'earned')::numeric end as earned,
             nullif(case when jsonb_typeof(e->'available') = 'number' then (e->>'available')::numeric end, 0) as available
      from grp g cross join lateral jsonb_array_elements(case when jsonb_typeof(g.item_marks) = 'array' then g.item_marks else '[]'::jsonb end) as e
      where jsonb_typeof(e) = 'object' and jsonb_typeof(e->'questionId') = 'number'
    )`;
}

type MarksRow = {
  qid: number;
  marked: unknown;
  earned: unknown;
  share: unknown;
  upper_share: unknown;
  lower_share: unknown;
  c: unknown;
  cu: unknown;
  cl: unknown;
};
type DistRow = { qid: number; k: unknown; n: unknown };
type ChoiceRow = { qid: number; idx: unknown; n: unknown; upper: unknown; lower: unknown };

/**
 * Per question, from the marks kept with each student's first submission (issue 27): how many are marked, the sum of
 * marks and of shares (earned ÷ available) in all, the upper and the lower 27 %, and how many earned full marks; the
 * written answers' marks by whole mark; and for multiple-answer questions how many chose each option (the answer is a
 * JSON list of option texts). Computed by the database over jsonb_array_elements; a submission without item_marks
 * (older ones) counts for no question here.
 */
async function marksCounts(db: Queryable, quizId: number, n: number, g: number) {
  const [marks, dist, choices] = await Promise.all([
    rowsOf<MarksRow>(
      db,
      sql`${marksCte(quizId)}
      select qid, count(earned)::int as marked, coalesce(sum(earned), 0)::float8 as earned,
             coalesce(sum(earned / available), 0)::float8 as share,
             coalesce(sum(earned / available) filter (where rk <= ${g}), 0)::float8 as upper_share,
             coalesce(sum(earned / available) filter (where rk > ${n - g}), 0)::float8 as lower_share,
             (count(*) filter (where earned >= available))::int as c,
             (count(*) filter (where earned >= available and rk <= ${g}))::int as cu,
             (count(*) filter (where earned >= available and rk > ${n - g}))::int as cl
      from m group by qid`,
    ),
    rowsOf<DistRow>(
      db,
      sql`${marksCte(quizId)}
      select m.qid, floor(m.earned)::int as k, count(*)::int as n
      from m join questions q on q.id = m.qid and q.type = 'written'
      where m.earned is not null group by m.qid, floor(m.earned)`,
    ),
    rowsOf<ChoiceRow>(
      db,
      sql`${marksCte(quizId)}
      select q.id as qid, (o.i - 1)::int as idx, count(*)::int as n,
             (count(*) filter (where g.rk <= ${g}))::int as upper, (count(*) filter (where g.rk > ${n - g}))::int as lower
      from questions q cross join lateral jsonb_array_elements_text(q.options) with ordinality as o(t, i)
      join attempt_answers aa on aa.question_id = q.id
      join grp g on g.attempt_id = aa.attempt_id
      where q.quiz_id = ${quizId} and q.type = 'multiple' and strpos(aa.answer, to_jsonb(o.t)::text) > 0
      group by q.id, o.i`,
    ),
  ]);
  return { marks, dist, choices };
}

/** Bump when countsSql changes what it counts: a stored result of another version is recomputed. */
const COUNTS_FORMAT = "1";

type Counted = { students: number; counts: CountRow[] };

/** How many students item analysis covers (each student's first submission with its attempt) and the counts. */
async function computeCounts(db: Queryable, quizId: number): Promise<Counted> {
  const [{ n }] = await rowsOf<{ n: unknown }>(
    db,
    sql`select count(distinct user_id)::int as n from submissions where quiz_id = ${quizId} and attempt_id is not null`,
  );
  const students = int(n);
  const counts = students ? await rowsOf<CountRow>(db, countsSql(quizId, students, itemGroupSize(students))) : [];
  return { students, counts };
}

// A named statement: planned once per connection.
const VERSION_SQL = `select (select coalesce(sum(changes), 0) from quiz_score_shards where quiz_id = $1)::text as changes,
       (select md5(string_agg(json_build_array(id, answer, options)::text, '|' order by id)) from questions where quiz_id = $1) as questions,
       c.version as cached, c.students, c.counts
  from (select 1) one left join item_analysis_cache c on c.quiz_id = $1`;

/**
 * The counts of a quiz, stored in item_analysis_cache and reused while its version still matches
 * (decision 030): the number of changes to the quiz's submissions (kept by the database's trigger in
 * quiz_score_shards, every insert, delete, score, graded or attempt change) and a digest of its
 * questions' options and keys. The version is read before the counts are computed, so a stored result
 * is never older than its version; a result computed while a change commits is recomputed on the next
 * read (the version moved on). Ranking students cannot be kept incrementally, hence a stored result.
 */
async function cachedCounts(db: Queryable, quizId: number): Promise<Counted> {
  await drainSummaries(db);
  const [v] = (await queryPrepared(db, "adesua_item_analysis_version_v1", VERSION_SQL, ["int"], [quizId])) as {
    changes: unknown;
    questions: string | null;
    cached: string | null;
    students: unknown;
    counts: unknown;
  }[];
  const version = `${COUNTS_FORMAT}:${String(v.changes)}:${v.questions ?? ""}`;
  if (v.cached === version) {
    const counts = (typeof v.counts === "string" ? JSON.parse(v.counts) : v.counts) as CountRow[];
    return { students: int(v.students), counts };
  }
  const fresh = await computeCounts(db, quizId);
  await db.execute(
    sql`insert into item_analysis_cache (quiz_id, version, students, counts, computed_at)
        select ${quizId}, ${version}, ${fresh.students}, ${JSON.stringify(fresh.counts)}::jsonb, now() where exists (select 1 from quizzes where id = ${quizId})
        on conflict (quiz_id) do update set version = excluded.version, students = excluded.students, counts = excluded.counts, computed_at = excluded.computed_at`,
  );
  return fresh;
}

/**
 * Item analysis of a quiz (decision 023): upper-lower 27% discrimination, facility, option counts and
 * flags. The counts come from the stored result when it is current (decision 030); `fresh` computes
 * them from the submissions whatever is stored (the tests compare both).
 */
export async function itemAnalysis(
  db: Queryable,
  quizId: number,
  opts: { fresh?: boolean } = {},
): Promise<{ students: number; groupSize: number; items: ItemAnalysis[] }> {
  const [qs, { students, counts }] = await Promise.all([loadKeyedQuestions(db, quizId), opts.fresh ? computeCounts(db, quizId) : cachedCounts(db, quizId)]);
  const g = itemGroupSize(students);
  const typed = qs.some((q) => q.type !== "single");
  const byMarks = typed && students ? await marksCounts(db, quizId, students, g) : { marks: [], dist: [], choices: [] };
  const byQuestion = new Map<number, CountRow[]>();
  for (const c of counts) byQuestion.set(Number(c.qid), [...(byQuestion.get(Number(c.qid)) ?? []), c]);
  const items = qs.map((q, i): ItemAnalysis => {
    const marks = Number(q.marks);
    if (q.type !== "single") return typedItem(q, i, { students, g, marks }, byMarks, byQuestion.get(q.id) ?? []);
    const rows = byQuestion.get(q.id) ?? [];
    const keyed = q.answer !== null && q.answer.trim() !== "";
    const keyIndex = keyed ? correctOptionIndex(q.answer, q.options) : null;
    const at = (idx: number) => rows.find((r) => Number(r.chosen) === idx);
    const sum = (f: (r: CountRow) => unknown) => rows.reduce((acc, r) => acc + int(f(r)), 0);
    const options = q.options.map((text, idx) => ({
      index: idx,
      letter: optionLetter(idx) ?? String(idx + 1),
      text,
      isKey: keyIndex === idx,
      count: int(at(idx)?.n),
      upper: int(at(idx)?.upper),
      lower: int(at(idx)?.lower),
    }));
    const answered = sum((r) => r.n);
    const correct = sum((r) => r.c);
    const upperCorrect = sum((r) => r.cu);
    const lowerCorrect = sum((r) => r.cl);
    const stats = itemStatistics({
      students,
      groupSize: g,
      correct,
      upperCorrect,
      lowerCorrect,
      keyIndex,
      upperByOption: options.map((o) => o.upper),
    });
    return {
      questionId: q.id,
      number: i + 1,
      text: q.text,
      key: keyed ? correctAnswerText(q.answer, q.options) : null,
      ...stats,
      upperCorrect,
      lowerCorrect,
      options,
      blank: students - answered,
      other: int(at(-1)?.n),
      type: "single",
      marks,
      marked: keyed ? students : 0,
      meanMarks: keyed && students ? Math.round((correct / students) * marks * 100) / 100 : null,
      marksDistribution: [],
    };
  });
  return { students, groupSize: g, items };
}

type TypedQuestion = { id: number; text: string; options: string[]; answer: string | null; type: QuestionType; marks: number; details: QuestionDetails };

/**
 * A question of a type other than single, analysed by its marks: facility is the mean share of the marks over the
 * students marked; discrimination the upper minus the lower group's shares ÷ group size (auto-marked types); written
 * answers give the distribution of their marks instead. True/false and multiple answers keep option counts.
 */
function typedItem(
  q: TypedQuestion,
  i: number,
  at: { students: number; g: number; marks: number },
  byMarks: { marks: MarksRow[]; dist: DistRow[]; choices: ChoiceRow[] },
  optionRows: CountRow[],
): ItemAnalysis {
  const m = byMarks.marks.find((r) => Number(r.qid) === q.id);
  const marked = int(m?.marked);
  const auto = q.type !== "written" && isAutoMarked(q);
  const round = (x: number) => Math.round(x * 1000) / 1000;
  const share = Number(m?.share ?? 0);
  const stats =
    auto && marked
      ? itemStatistics({
          students: marked,
          groupSize: at.g,
          correct: share,
          upperCorrect: Number(m?.upper_share ?? 0),
          lowerCorrect: Number(m?.lower_share ?? 0),
          keyIndex: -1,
          upperByOption: [],
        })
      : { facility: marked ? round(share / marked) : null, discrimination: null, flags: [] };
  const keyOptions = q.type === "multiple" ? new Set(q.details.answers ?? []) : new Set(q.answer ? [q.answer] : []);
  const choice = (idx: number) =>
    q.type === "multiple" ? byMarks.choices.find((r) => Number(r.qid) === q.id && int(r.idx) === idx) : optionRows.find((r) => Number(r.chosen) === idx);
  const options = q.options.map((text, idx) => ({
    index: idx,
    letter: optionLetter(idx) ?? String(idx + 1),
    text,
    isKey: keyOptions.has(text),
    count: int(choice(idx)?.n),
    upper: int(choice(idx)?.upper),
    lower: int(choice(idx)?.lower),
  }));
  const answeredRows = q.type === "true_false" ? optionRows.reduce((acc, r) => acc + int(r.n), 0) : marked;
  const dist = byMarks.dist.filter((r) => Number(r.qid) === q.id);
  return {
    questionId: q.id,
    number: i + 1,
    text: q.text,
    key: q.type === "written" ? null : describeKey(q),
    ...stats,
    upperCorrect: int(m?.cu),
    lowerCorrect: int(m?.cl),
    options,
    blank: Math.max(0, at.students - answeredRows),
    other: q.type === "true_false" ? int(optionRows.find((r) => Number(r.chosen) === -1)?.n) : 0,
    type: q.type,
    marks: at.marks,
    marked,
    meanMarks: marked ? Math.round((Number(m?.earned ?? 0) / marked) * 100) / 100 : null,
    marksDistribution:
      q.type === "written" ? Array.from({ length: Math.floor(at.marks) + 1 }, (_, k) => ({ marks: k, count: int(dist.find((r) => int(r.k) === k)?.n) })) : [],
  };
}

/**
 * PUT /performance/quiz-details/{id}/items/{questionId}/key: the question's key becomes the option
 * named (text or letter), and every submission of the quiz is re-graded with it, in one transaction
 * under the quiz's row lock (as a question edit is). Audited: the key change, and the re-grade.
 */
export async function fixItemKey(db: Db, quizId: number, questionId: number, answer: string, actor: Actor): Promise<ItemKeyResult> {
  return db.transaction(async (tx) => {
    const [quiz] = await tx.select({ id: quizzes.id, passingScore: quizzes.passingScore }).from(quizzes).where(eq(quizzes.id, quizId)).for("update");
    if (!quiz) throw notFound(PERFORMANCE_MESSAGES.quizNotFound);
    const [question] = await tx.select().from(questions).where(eq(questions.id, questionId)).limit(1);
    if (!question || question.quizId !== quizId) throw notFound(PERFORMANCE_MESSAGES.questionNotFound);
    // Only a choice of one option is fixed here; other types change their key in the quiz editor (it re-grades too).
    if (question.type !== "single" && question.type !== "true_false") throw badRequest("Change this question's key in the quiz editor");
    const idx = correctOptionIndex(answer, question.options);
    if (idx < 0) throw badRequest(PERFORMANCE_MESSAGES.keyNotAnOption);
    const key = question.options[idx];
    await tx.update(questions).set({ answer: key }).where(eq(questions.id, questionId));
    await tx.update(quizzes).set({ updatedAt: new Date() }).where(eq(quizzes.id, quizId));
    await recordAudit(tx, {
      entityType: "question",
      entityId: questionId,
      action: "update",
      actor,
      before: { answer: question.answer, quizId },
      after: { answer: key, quizId },
    });
    const regraded = await regradeQuiz(tx, { id: quiz.id, passingScore: Number(quiz.passingScore) }, actor);
    return { questionId, key, regraded };
  });
}
