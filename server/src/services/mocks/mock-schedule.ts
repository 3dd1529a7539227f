import { sql } from "drizzle-orm";
import type { ScheduleOccurrence } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import type { Viewer } from "../../lib/viewer";
import { visibleMocksSql } from "../../policies/mocks.policy";
import { rowsOf } from "../performance/scope";

/**
 * Mock papers on the calendar (issue 28): each paper of a mock the viewer may read (students their level's, teachers
 * the mocks of their subjects, admins all) is an occurrence of kind "mock" from its start for its duration, and an
 * event of the iCalendar feed.
 */
export type MockPaperSlot = {
  paperId: number;
  mockId: number;
  mockTitle: string;
  subject: string;
  paper: string;
  start: Date;
  end: Date;
  updatedAt: Date;
};

type Row = {
  paper_id: number;
  mock_id: number;
  title: string;
  subject: string;
  paper: string;
  starts_at: unknown;
  duration_minutes: number;
  updated_at: unknown;
};
const dateOf = (v: unknown) => (v instanceof Date ? v : new Date(String(v)));

/** The papers overlapping [from, to) of the mocks the viewer may read, in start order. */
export async function mockPapersInRange(db: Queryable, viewer: Viewer, range: { from: Date; to: Date }): Promise<MockPaperSlot[]> {
  const rows = await rowsOf<Row>(
    db,
    sql`select p.id as paper_id, m.id as mock_id, m.title, ms.name as subject, p.name as paper, p.starts_at, p.duration_minutes, m.updated_at
        from mock_papers p join mocks m on m.id = p.mock_id join mock_subjects ms on ms.id = p.subject_id
        where ${visibleMocksSql(viewer)}
          and p.starts_at < ${range.to.toISOString()}::timestamptz
          and p.starts_at + p.duration_minutes * interval '1 minute' > ${range.from.toISOString()}::timestamptz
        order by p.starts_at, p.id limit 2000`,
  );
  return rows.map((r) => {
    const start = dateOf(r.starts_at);
    return {
      paperId: r.paper_id,
      mockId: r.mock_id,
      mockTitle: r.title,
      subject: r.subject,
      paper: r.paper,
      start,
      end: new Date(start.getTime() + r.duration_minutes * 60_000),
      updatedAt: dateOf(r.updated_at),
    };
  });
}

/** "JHS 3 First Mock: Mathematics Paper 1". */
export const mockSlotTitle = (s: MockPaperSlot) => `${s.mockTitle}: ${s.subject} ${s.paper}`;

/** A paper as a calendar occurrence (kind "mock"). */
export function mockOccurrence(s: MockPaperSlot): ScheduleOccurrence {
  return {
    key: `mock-${s.paperId}`,
    kind: "mock",
    id: s.paperId,
    eventId: null,
    quizId: null,
    title: mockSlotTitle(s),
    start: s.start.toISOString(),
    end: s.end.toISOString(),
    allDay: false,
    courseId: null,
    courseTitle: null,
    recurring: false,
    quizMarker: null,
    canEdit: false,
    mock: { id: s.mockId, title: s.mockTitle, paperId: s.paperId, subject: s.subject, paper: s.paper },
  };
}

/** GET /schedules' mock papers for a viewer and range. */
export async function mockOccurrences(db: Queryable, viewer: Viewer, range: { from: Date; to: Date }): Promise<ScheduleOccurrence[]> {
  return (await mockPapersInRange(db, viewer, range)).map(mockOccurrence);
}
