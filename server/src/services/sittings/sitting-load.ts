import { eq } from "drizzle-orm";
import { SITTING_MESSAGES } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { courses, quizzes, sittings, type QuizRow, type SittingRow } from "../../db/schema";
import { notFound } from "../../lib/errors";
import type { Viewer } from "../../lib/viewer";
import { assertCanManageSitting, assertStaffForSittings } from "../../policies/sittings.policy";

/** A sitting with its quiz, loaded for a viewer who may manage it (403 for a student, 404 when not theirs or absent). */
export type LoadedSitting = { sitting: SittingRow; quiz: QuizRow; courseTeacherId: number | null };

export async function loadSittingFor(db: Queryable, viewer: Viewer, id: number): Promise<LoadedSitting> {
  assertStaffForSittings(viewer);
  const [row] = await db
    .select({ sitting: sittings, quiz: quizzes, courseTeacherId: courses.teacherId })
    .from(sittings)
    .innerJoin(quizzes, eq(quizzes.id, sittings.quizId))
    .innerJoin(courses, eq(courses.id, quizzes.courseId))
    .where(eq(sittings.id, id))
    .limit(1);
  if (!row) throw notFound(SITTING_MESSAGES.notFound);
  try {
    assertCanManageSitting(viewer, { quiz: row.quiz, course: { teacherId: row.courseTeacherId } });
  } catch {
    // Another teacher's sitting does not exist for them.
    throw notFound(SITTING_MESSAGES.notFound);
  }
  return row;
}
