import { sql, type SQL } from "drizzle-orm";
import type { GradeBand } from "@adesua/domain";
import type { Queryable } from "../../db/client";

/**
 * A class's terminal reports, computed by the database in one statement (issue 28, decision 050). The rules are
 * domain/src/rules/assessment.ts (termPartScore, termTotal, positions, gradeFromBands, gradeRemark); reports.sql.test.ts
 * runs the same cases through both.
 *
 * - A component's percent: a quiz, the student's best submitted score (a teacher's manual score first); a gradebook
 *   column, the cell's number out of the column's outOf (else the component's); a mock paper, the entered mark out of
 *   the paper's outOf, else the paper's quiz score (as the mocks area counts it); entered marks, out of outOf. Two
 *   decimals, half away from zero (percentOf).
 * - Class score: the weighted mean of the class components, missing ones 0, times classWeight/100; a teacher's
 *   adjustment replaces it. Exam score: the same over the exam components, null when none of them has a value.
 * - Total = class + exam (null without an exam score); positions with rank() (ties share, the next is skipped) within
 *   the class or the whole level (the term's positionScope); grade from the bands on the half-up whole number; the
 *   remark from the grade unless a teacher wrote one. Overall: the sum of totals (null when any is null), ranked.
 */

export type ReportQuery = {
  termId: number;
  level: string;
  /** The class's stream ("B"), null for a level without streams. */
  stream: string | null;
  /** Rank within the whole level rather than the class. */
  levelScope: boolean;
  classWeight: number;
  examWeight: number;
  bands: readonly GradeBand[];
  /** Grade → remark, every grade present (the school's words over the defaults). */
  remarks: Readonly<Record<string, string>>;
  /** Only this student's row (a student's own report). */
  studentId?: number;
};

export type ReportSubjectRow = {
  subjectId: number;
  name: string;
  classScore: number | null;
  examScore: number | null;
  total: number | null;
  position: number | null;
  grade: number | null;
  remark: string;
  adjustReason: string | null;
};

export type ReportRow = {
  student_id: number;
  name: string;
  stream: string | null;
  subjects: ReportSubjectRow[];
  total: number | null;
  average: number | null;
  overall_position: number | null;
  class_size: number;
  present: number | null;
  out_of: number | null;
  conduct: string | null;
  interest: string | null;
  teacher_remark: string | null;
  head_remark: string | null;
  promotion: string | null;
};

/** A submission's score as it counts: the teacher's final score first. */
const SCORE = sql.raw("coalesce(x.manual_score, x.score)");

/** The grade of a whole-number score under the bands, as one CASE (the highest band whose min it reaches). */
function gradeCase(bands: readonly GradeBand[], whole: SQL): SQL {
  const sorted = [...bands].sort((a, b) => b.min - a.min);
  if (!sorted.length) return sql`null::int`;
  return sql`(case ${sql.join(
    sorted.map((b) => sql`when ${whole} >= ${b.min}::numeric then ${b.grade}::int`),
    sql` `,
  )} end)`;
}

export function reportSql(q: ReportQuery): SQL {
  const streamKey = q.stream ?? "";
  return sql`
    with
    t as (select id, attendance_days from terms where id = ${q.termId}),
    pool as materialized (
      select u.id, u.name, u.stream from users u
      where u.role = 'student' and u.student_type = ${q.level}
        and (${q.levelScope}::boolean or coalesce(u.stream, '') = ${streamKey})
    ),
    subj as materialized (
      select s.id, s.name, s.position from term_subjects s where s.term_id = ${q.termId} and s.student_type = ${q.level}
    ),
    comp as materialized (
      select c.id, c.subject_id, c.part, c.kind, c.quiz_id, c.gradebook_id, c.column_key, c.mock_paper_id, c.out_of, c.weight,
        coalesce((
          select (col->>'outOf')::numeric from gradebooks g, jsonb_array_elements(g.columns) col
          where g.id = c.gradebook_id and col->>'key' = c.column_key and jsonb_typeof(col->'outOf') = 'number' and (col->>'outOf')::numeric > 0
          limit 1
        ), c.out_of) as gb_out_of,
        mp.out_of as mp_out_of, mp.quiz_id as mp_quiz_id
      from term_components c join subj s on s.id = c.subject_id
      left join mock_papers mp on mp.id = c.mock_paper_id
    ),
    pct as (
      select c.id as cid, x.user_id as sid, max(${SCORE}) as p
      from comp c join submissions x on x.quiz_id = c.quiz_id join pool on pool.id = x.user_id
      where c.kind = 'quiz' and ${SCORE} is not null
      group by c.id, x.user_id
      union all
      select c.id, g.student_id, g.value::numeric / c.gb_out_of * 100
      from comp c join gradebook_cells g on g.table_id = c.gradebook_id and g.column_key = c.column_key
      join pool on pool.id = g.student_id
      where c.kind = 'gradebook' and g.value ~ '^-?[0-9]{1,7}(\\.[0-9]{1,6})?$'
      union all
      select c.id, pool.id, coalesce(mm.mark / c.mp_out_of * 100, best.p)
      from comp c cross join pool
      left join mock_marks mm on mm.paper_id = c.mock_paper_id and mm.student_id = pool.id
      left join lateral (
        select max(${SCORE}) as p from submissions x where x.quiz_id = c.mp_quiz_id and x.user_id = pool.id
      ) best on true
      where c.kind = 'mock' and coalesce(mm.mark / c.mp_out_of * 100, best.p) is not null
      union all
      select c.id, m.student_id, m.mark / c.out_of * 100
      from comp c join term_marks m on m.component_id = c.id join pool on pool.id = m.student_id
      where c.kind = 'marks'
    ),
    parts as (
      select pool.id as sid, c.subject_id, c.part, sum(c.weight) as w, sum(coalesce(round(p.p, 2), 0) * c.weight) as ws, count(p.p) as n
      from pool cross join comp c
      left join pct p on p.cid = c.id and p.sid = pool.id
      group by pool.id, c.subject_id, c.part
    ),
    scores as (
      select pool.id as sid, s.id as subject_id, s.name, s.position as spos,
        coalesce(ss.class_score_adjusted,
          case when cp.w > 0 then round(cp.ws * ${q.classWeight}::numeric / (cp.w * 100), 2) else 0 end) as class_score,
        case when ep.w > 0 and ep.n > 0 then round(ep.ws * ${q.examWeight}::numeric / (ep.w * 100), 2) end as exam_score,
        case when ss.class_score_adjusted is not null then ss.adjust_reason end as adjust_reason,
        ss.remark as remark_override
      from pool cross join subj s
      left join parts cp on cp.sid = pool.id and cp.subject_id = s.id and cp.part = 'class'
      left join parts ep on ep.sid = pool.id and ep.subject_id = s.id and ep.part = 'exam'
      left join term_subject_students ss on ss.subject_id = s.id and ss.student_id = pool.id
    ),
    totals as (
      select sc.*, sc.class_score + sc.exam_score as total from scores sc
    ),
    ranked as (
      select tt.*,
        case when tt.total is not null then rank() over (partition by tt.subject_id, tt.total is null order by tt.total desc) end as position,
        ${gradeCase(q.bands, sql`floor(tt.total + 0.5)`)} as grade
      from totals tt
    ),
    lines as (
      select r.sid,
        jsonb_agg(jsonb_build_object(
          'subjectId', r.subject_id, 'name', r.name, 'classScore', r.class_score, 'examScore', r.exam_score, 'total', r.total,
          'position', r.position, 'grade', r.grade,
          'remark', coalesce(r.remark_override, (${JSON.stringify(q.remarks)}::jsonb) ->> (r.grade::text), ''),
          'adjustReason', r.adjust_reason
        ) order by r.spos, r.subject_id) as subjects,
        case when count(r.total) = count(*) then sum(r.total) end as total,
        case when count(r.total) = count(*) then round(sum(r.total) / count(*), 2) end as average
      from ranked r group by r.sid
    ),
    overall as (
      select l.*, case when l.total is not null then rank() over (partition by l.total is null order by l.total desc) end as position
      from lines l
    )
    select pool.id as student_id, pool.name, pool.stream,
      coalesce(o.subjects, '[]'::jsonb) as subjects,
      o.total::float8 as total, o.average::float8 as average, o.position::int as overall_position,
      (select count(*) from pool)::int as class_size,
      ts.present, coalesce(ts.attendance_days, t.attendance_days) as out_of,
      ts.conduct, ts.interest, ts.teacher_remark, ts.head_remark, ts.promotion
    from pool cross join t
    left join overall o on o.sid = pool.id
    left join term_students ts on ts.term_id = t.id and ts.student_id = pool.id
    where coalesce(pool.stream, '') = ${streamKey} ${q.studentId === undefined ? sql`` : sql`and pool.id = ${q.studentId}`}
    order by pool.name, pool.id`;
}

/** The class's rows, in the order of the class list (by name). */
export async function reportRows(db: Queryable, q: ReportQuery): Promise<ReportRow[]> {
  const res = await db.execute<ReportRow>(reportSql(q));
  return res.rows;
}
