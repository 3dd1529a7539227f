import { sql, type SQL } from "drizzle-orm";
import type { GradeBandInput } from "@adesua/domain";

/**
 * A mock's results, computed by the database (issue 28, decision 050): the same rules as domain/src/rules/assessment.ts
 * (percentOf, subjectScore, gradingScore + gradeFromBands or stanineFromPercentile, aggregate, positions,
 * aggregateRanges), for the whole sitting in one statement. results.queries.test.ts runs the rules' cases through it.
 */

/**
 * The CTEs of one mock's sitting, their names prefixed with `p`: `{p}st` students, `{p}ppct` each student's
 * percentage per paper, `{p}ss` subject scores and grades, `{p}agg` aggregates and positions. `schoolBands` is the
 * grade table of a mock with none of its own.
 */
export function sittingCtes(p: string, mock: SQL, schoolBands: GradeBandInput[]): SQL {
  const n = (name: string) => sql.raw(`${p}${name}`);
  // Materialized: each is computed once and read many times (a planner without statistics on fresh tables would
  // otherwise re-run the inlined subqueries once per student).
  return sql`
  ${n("m")} as (
    select m.id, m.student_type, m.grading, coalesce(m.bands, ${JSON.stringify(schoolBands)}::jsonb) as bands
    from mocks m where m.id = ${mock}
  ),
  ${n("st")} as materialized (
    select u.id, u.name, ('JHS ' || substr(u.student_type, 4) || coalesce(u.stream, '')) as class, u.stream
    from ${n("m")} m join users u on u.role = 'student' and u.status = 'active' and u.student_type = m.student_type
  ),
  ${n("subj")} as (
    select ms.id, ms.name, ms.core, ms.position from mock_subjects ms join ${n("m")} m on ms.mock_id = m.id
  ),
  ${n("need")} as (
    select count(*) filter (where core)::int as ncore, least(2, count(*) filter (where not core))::int as nother from ${n("subj")}
  ),
  ${n("ppct")} as (
    select st.id as student_id, pp.subject_id, pp.id as paper_id, pp.name as paper, pp.position, pp.weight,
           coalesce(round(mm.mark / pp.out_of * 100, 2),
                    (select max(coalesce(s.manual_score, s.score)) from submissions s where pp.quiz_id is not null and s.quiz_id = pp.quiz_id and s.user_id = st.id)) as pct
    from ${n("st")} st cross join mock_papers pp
    left join mock_marks mm on mm.paper_id = pp.id and mm.student_id = st.id
    where pp.mock_id = ${mock}
  ),
  ${n("sc")} as materialized (
    select student_id, subject_id,
           case when bool_or(pct is null) or sum(weight) <= 0 then null else round(sum(pct * weight) / sum(weight), 2) end as score,
           jsonb_agg(jsonb_build_object('paperId', paper_id, 'name', paper, 'percent', pct) order by position, paper_id) as papers
    from ${n("ppct")} group by student_id, subject_id
  ),
  ${n("rk")} as materialized (
    select sc.*,
           rank() over (partition by subject_id order by score) - 1 as below,
           count(*) over (partition by subject_id, score) as equal,
           count(*) over (partition by subject_id) as n
    from ${n("sc")} sc where score is not null
  ),
  ${n("ss")} as materialized (
    select sc.student_id, sc.subject_id, sc.score, sc.papers, subj.core, subj.name, subj.position,
           case
             when sc.score is null then null
             -- stanine: the midpoint percentile rank (below + equal / 2) / n × 100 against the cumulative cut-offs, in whole numbers
             when m.grading = 'stanine' then case
               when 200 * rk.below + 100 * rk.equal < 8 * rk.n then 9
               when 200 * rk.below + 100 * rk.equal < 22 * rk.n then 8
               when 200 * rk.below + 100 * rk.equal < 46 * rk.n then 7
               when 200 * rk.below + 100 * rk.equal < 80 * rk.n then 6
               when 200 * rk.below + 100 * rk.equal < 120 * rk.n then 5
               when 200 * rk.below + 100 * rk.equal < 154 * rk.n then 4
               when 200 * rk.below + 100 * rk.equal < 178 * rk.n then 3
               when 200 * rk.below + 100 * rk.equal < 192 * rk.n then 2
               else 1 end
             else (
               select (b->>'grade')::int from jsonb_array_elements(m.bands) b
               where (b->>'min')::numeric <= floor(sc.score + 0.5) order by (b->>'min')::numeric desc limit 1)
           end as grade
    from ${n("sc")} sc join ${n("subj")} subj on subj.id = sc.subject_id cross join ${n("m")} m
    left join ${n("rk")} rk on rk.student_id = sc.student_id and rk.subject_id = sc.subject_id
  ),
  ${n("og")} as (
    select ss.*, row_number() over (partition by ss.student_id, ss.core order by ss.grade nulls last) as rn from ${n("ss")} ss
  ),
  ${n("agg0")} as (
    select og.student_id,
           case when count(*) filter (where og.core and og.grade is null) = 0
                 and count(*) filter (where not og.core and og.grade is not null) >= max(nd.nother)
                 and max(nd.ncore) + max(nd.nother) > 0
                then (coalesce(sum(og.grade) filter (where og.core), 0) + coalesce(sum(og.grade) filter (where not og.core and og.rn <= nd.nother), 0))::int
           end as aggregate,
           sum(og.score) as total
    from ${n("og")} og cross join ${n("need")} nd group by og.student_id
  ),
  ${n("agg")} as materialized (
    select a.*, case when a.aggregate is not null then rank() over (partition by a.aggregate is null order by a.aggregate) end as position
    from ${n("agg0")} a
  )`;
}

/** Condition on the sitting's students `st` ("JHS 3B": that class; a student: their own row). */
export type ResultsFilter = { stream?: string | null; className?: boolean; studentId?: number };

/**
 * The whole answer as one JSON value: students (rows in name order), subjects (mean, grade counts, missing), the
 * aggregate distribution and the comparison with the previous mock. `filter` limits the rows and the summaries to a
 * class or one student; positions stay those of the whole sitting.
 */
export function resultsSql(mockId: number, schoolBands: GradeBandInput[], filter: ResultsFilter): SQL {
  const where = sql`true ${filter.className ? (filter.stream ? sql`and upper(st.stream) = ${filter.stream}` : sql`and st.stream is null`) : sql``}
    ${filter.studentId !== undefined ? sql`and st.id = ${filter.studentId}` : sql``}`;
  return sql`
  with ${sittingCtes("c_", sql`${mockId}::int`, schoolBands)},
  prev as (
    select m2.id, m2.title from mocks m2
    join (select mock_id, min(starts_at) as first from mock_papers group by mock_id) f on f.mock_id = m2.id
    where m2.student_type = (select student_type from c_m) and m2.id <> ${mockId}
      and f.first < (select min(starts_at) from mock_papers where mock_id = ${mockId})
    order by f.first desc, m2.id desc limit 1
  ),
  ${sittingCtes("p_", sql`(select id from prev)`, schoolBands)},
  by_student as materialized (
    select ss.student_id,
           jsonb_agg(jsonb_build_object('name', ss.name, 'score', ss.score, 'grade', ss.grade, 'core', ss.core, 'papers', ss.papers)
                     order by ss.position, ss.subject_id) as subjects
    from c_ss ss group by ss.student_id
  ),
  rows as (
    select st.id, st.name, st.class, a.aggregate, a.position, a.total, pa.aggregate as previous,
           bs.subjects
    from c_st st join c_agg a on a.student_id = st.id left join p_agg pa on pa.student_id = st.id
    left join by_student bs on bs.student_id = st.id
    where ${where}
  ),
  counted as (select ncore + nother as k from c_need)
  select json_build_object(
    'students', coalesce((select json_agg(json_build_object(
        'studentId', r.id, 'name', r.name, 'class', r.class, 'subjects', coalesce(r.subjects, '[]'::jsonb),
        'aggregate', r.aggregate, 'position', r.position, 'incomplete', r.aggregate is null, 'total', r.total,
        'previousAggregate', r.previous, 'change', r.aggregate - r.previous) order by r.name, r.id) from rows r), '[]'::json),
    'subjects', coalesce((select json_agg(json_build_object(
        'id', subj.id, 'name', subj.name, 'core', subj.core,
        'mean', (select round(avg(ss.score), 2) from c_ss ss join rows r on r.id = ss.student_id where ss.subject_id = subj.id),
        'missing', (select count(*) from c_ss ss join rows r on r.id = ss.student_id where ss.subject_id = subj.id and ss.score is null),
        'gradeCounts', (select json_object_agg(g::text, (select count(*) from c_ss ss join rows r on r.id = ss.student_id
                                                          where ss.subject_id = subj.id and ss.grade = g) order by g)
                        from generate_series(1, 9) g)
      ) order by subj.position, subj.id) from c_subj subj), '[]'::json),
    'aggregateCounts', coalesce((select json_agg(json_build_object('from', f, 'to', least(f + 4, 9 * k),
        'count', (select count(*) from rows r where r.aggregate between f and least(f + 4, 9 * k))) order by f)
      from counted cross join generate_series(k, 9 * k, 5) f where k > 0), '[]'::json),
    'previous', (select json_build_object('id', pv.id, 'title', pv.title,
        'improved', (select count(*) from rows r where r.aggregate < r.previous),
        'fell', (select count(*) from rows r where r.aggregate > r.previous),
        'same', (select count(*) from rows r where r.aggregate = r.previous)) from prev pv),
    'sitting', (select count(*) from c_st),
    'incomplete', (select count(*) from c_agg where aggregate is null)
  ) as results`;
}
