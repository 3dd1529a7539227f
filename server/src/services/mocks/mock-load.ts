import { sql } from "drizzle-orm";
import { DEFAULT_ASSESSMENT, MOCK_MESSAGES, type GradeBandInput, type Mock, type MockPaper, type StudentType } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { notFound } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { teacherSubjectSql, visibleMocksSql } from "../../policies/mocks.policy";
import { int, num, rowsOf } from "../performance/scope";

/** A mock's own row, as the services read it. */
export type MockHead = {
  id: number;
  title: string;
  level: StudentType;
  grading: "bands" | "stanine";
  bands: GradeBandInput[] | null;
  releasedAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

type HeadRow = {
  id: number;
  title: string;
  student_type: StudentType;
  grading: "bands" | "stanine";
  bands: unknown;
  released_at: unknown;
  created_at: unknown;
  updated_at: unknown;
};

const dateOf = (v: unknown): Date | null => (v === null || v === undefined ? null : v instanceof Date ? v : new Date(String(v)));
const jsonOf = <T>(v: unknown): T | null => (v === null || v === undefined ? null : typeof v === "string" ? (JSON.parse(v) as T) : (v as T));

/** The school's assessment settings (settings.assessment over DEFAULT_ASSESSMENT). */
export async function schoolAssessment(db: Queryable): Promise<{ coreSubjects: string[]; bands: GradeBandInput[] }> {
  const [row] = await rowsOf<{ assessment: unknown }>(db, sql`select assessment from settings where id = 1`);
  const a = jsonOf<Partial<typeof DEFAULT_ASSESSMENT>>(row?.assessment) ?? {};
  return { coreSubjects: a.coreSubjects ?? DEFAULT_ASSESSMENT.coreSubjects, bands: a.bands ?? DEFAULT_ASSESSMENT.bands };
}

/** The SQL condition on users `u`: an active student of this level (the sitting). */
export const levelStudentsSql = (level: string, u = "u") => {
  const a = sql.raw(u);
  return sql`${a}.role = 'student' and ${a}.status = 'active' and ${a}.student_type = ${level}`;
};

/** A mock the viewer may read (404 otherwise); `forUpdate` locks its row (inside a transaction). */
export async function loadMockHead(db: Queryable, viewer: Viewer, id: number, forUpdate = false): Promise<MockHead> {
  const [r] = await rowsOf<HeadRow>(
    db,
    sql`select m.id, m.title, m.student_type, m.grading, m.bands, m.released_at, m.created_at, m.updated_at
        from mocks m where m.id = ${id} and ${visibleMocksSql(viewer)} ${forUpdate ? sql`for update` : sql``}`,
  );
  if (!r) throw notFound(MOCK_MESSAGES.notFound);
  return {
    id: r.id,
    title: r.title,
    level: r.student_type,
    grading: r.grading,
    bands: jsonOf<GradeBandInput[]>(r.bands),
    releasedAt: dateOf(r.released_at),
    createdAt: dateOf(r.created_at) as Date,
    updatedAt: dateOf(r.updated_at) as Date,
  };
}

type SubjectRow = { id: number; name: string; core: boolean; course_id: number | null; mine: boolean };
type PaperRow = {
  id: number;
  subject_id: number;
  name: string;
  kind: "quiz" | "marks";
  quiz_id: number | null;
  quiz_title: string | null;
  out_of: unknown;
  weight: unknown;
  questions: unknown;
  starts_at: unknown;
  duration_minutes: number;
  marked: unknown;
};

/** Whether the viewer may enter marks for this subject, as SQL over mock_subjects `ms`. */
const mineSql = (viewer: Viewer) => (viewer.role === "admin" ? sql`true` : viewer.role === "teacher" ? teacherSubjectSql(viewer.id) : sql`false`);

/** The subjects and papers of a mock, each paper with how many of the sitting have a mark (staff). */
export async function loadMockParts(db: Queryable, viewer: Viewer, head: MockHead) {
  const staff = viewer.role !== "student";
  const [subjects, papers, [count]] = await Promise.all([
    rowsOf<SubjectRow>(
      db,
      sql`select ms.id, ms.name, ms.core, ms.course_id, ${mineSql(viewer)} as mine
          from mock_subjects ms where ms.mock_id = ${head.id} order by ms.position, ms.id`,
    ),
    rowsOf<PaperRow>(
      db,
      sql`select p.id, p.subject_id, p.name, p.kind, p.quiz_id, q.title as quiz_title, p.out_of, p.weight, p.questions, p.starts_at,
                 p.duration_minutes,
                 ${
                   staff
                     ? sql`(select count(*) from users u where ${levelStudentsSql(head.level)}
                           and (exists (select 1 from mock_marks mm where mm.paper_id = p.id and mm.student_id = u.id and mm.mark is not null)
                                or exists (select 1 from submissions s where s.quiz_id = p.quiz_id and s.user_id = u.id
                                           and coalesce(s.manual_score, s.score) is not null)))`
                     : sql`null`
                 } as marked
          from mock_papers p left join quizzes q on q.id = p.quiz_id
          where p.mock_id = ${head.id} order by p.position, p.id`,
    ),
    rowsOf<{ n: unknown }>(db, sql`select count(*) as n from users u where ${levelStudentsSql(head.level)}`),
  ]);
  return { subjects, papers, students: int(count?.n) };
}

export function presentPaper(p: PaperRow, staff: boolean): MockPaper {
  const start = dateOf(p.starts_at) as Date;
  return {
    id: p.id,
    name: p.name,
    kind: p.kind,
    quizId: p.quiz_id,
    quiz: p.quiz_id !== null ? { id: p.quiz_id, title: p.quiz_title ?? "" } : null,
    outOf: Number(p.out_of),
    weight: Number(p.weight),
    questions: jsonOf<{ label: string; outOf: number }[]>(p.questions),
    startsAt: start.toISOString(),
    endsAt: new Date(start.getTime() + p.duration_minutes * 60_000).toISOString(),
    durationMinutes: p.duration_minutes,
    ...(staff ? { marked: int(p.marked) } : {}),
  };
}

/** GET /mocks/{id}: the mock as this viewer may see it (students: the timetable, no staff counts). */
export async function presentMock(db: Queryable, viewer: Viewer, head: MockHead): Promise<Mock> {
  const staff = viewer.role !== "student";
  const [{ subjects, papers, students }, school] = await Promise.all([loadMockParts(db, viewer, head), head.bands ? null : schoolAssessment(db)]);
  const presented = papers.map((p) => ({ subjectId: p.subject_id, paper: presentPaper(p, staff) }));
  const starts = presented.map((p) => p.paper.startsAt).sort();
  const ends = presented.map((p) => p.paper.endsAt).sort();
  return {
    id: head.id,
    title: head.title,
    level: head.level,
    grading: head.grading,
    bands: head.bands ?? school?.bands ?? DEFAULT_ASSESSMENT.bands,
    released: head.releasedAt !== null,
    releasedAt: head.releasedAt?.toISOString() ?? null,
    subjects: subjects.map((s) => ({
      id: s.id,
      name: s.name,
      core: s.core,
      courseId: s.course_id,
      papers: presented.filter((p) => p.subjectId === s.id).map((p) => p.paper),
      ...(staff ? { canEnterMarks: Boolean(s.mine) } : {}),
    })),
    startsAt: starts[0] ?? null,
    endsAt: ends[ends.length - 1] ?? null,
    students,
    createdAt: head.createdAt.toISOString(),
    updatedAt: head.updatedAt.toISOString(),
  };
}

export { num };
