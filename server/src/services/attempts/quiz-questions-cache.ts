import { presentStudentTypeFields } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { queryPrepared } from "../../db/prepared";
import type { StudentQuestionRow } from "./attempt.presenter";
import type { KeyedQuestion } from "../grading/grading.service";

/**
 * A quiz's questions kept in memory (decision 038), for the exam's bursts: 2,000 starts read the same
 * 40 questions, and 2,000 submits the same keys. An entry is used only while its version equals the
 * quiz's `questions_version`, which a database trigger moves on with every added, changed or removed
 * question, and which the caller has just read with the quiz row: an edit is never served stale. Each
 * thread has its own (PGlite's thread runs the attempt procedures). The student view drops the keys.
 */

type Entry = { version: number; keyed: KeyedQuestion[]; student: StudentQuestionRow[] };

/** Quizzes kept at most (the least recently used goes first). */
const MAX_QUIZZES = 200;
const cache = new Map<number, Entry>();

/** The quiz's keyed questions in order, with the version they belong to, in one statement. Parameter: $1 quiz. */
const KEYED_QUESTIONS_SQL = `
  select qz.questions_version as version,
    coalesce((select json_agg(json_build_object('id', q.id, 'text', q.text, 'options', q.options, 'answer', q.answer, 'type', q.type, 'marks', q.marks, 'details', q.details, 'equations', q.equations, 'imageCount', jsonb_array_length(q.image_file_ids)) order by q.position, q.id)
              from questions q where q.quiz_id = qz.id), '[]'::json) as keyed
  from quizzes qz where qz.id = $1::int`;

async function entryFor(db: Queryable, quiz: { id: number; questionsVersion: number }): Promise<Entry> {
  const hit = cache.get(quiz.id);
  if (hit && hit.version === quiz.questionsVersion) {
    cache.delete(quiz.id);
    cache.set(quiz.id, hit);
    return hit;
  }
  const [row] = await queryPrepared(db, "adesua_keyed_questions_v2", KEYED_QUESTIONS_SQL, ["int"], [quiz.id]);
  const raw = row?.keyed ?? [];
  const keyed = ((typeof raw === "string" ? JSON.parse(raw) : raw) as KeyedQuestion[]).map((q) => ({ ...q, marks: Number(q.marks) }));
  const entry: Entry = {
    version: Number(row?.version ?? -1),
    keyed,
    student: keyed.map((q) => ({ id: q.id, text: q.text, options: q.options, imageCount: Number(q.imageCount ?? 0), ...presentStudentTypeFields(q) })),
  };
  // Kept under the version read with these questions (the quiz may have moved on since the caller's read).
  if (row) {
    cache.delete(quiz.id);
    cache.set(quiz.id, entry);
    if (cache.size > MAX_QUIZZES) cache.delete(cache.keys().next().value!);
  }
  return entry;
}

/** The quiz's questions with their keys, in order (grading). */
export async function keyedQuestionsOf(db: Queryable, quiz: { id: number; questionsVersion: number }): Promise<KeyedQuestion[]> {
  return (await entryFor(db, quiz)).keyed;
}

/** The quiz's questions as a student may see them (no key), in order, with the `questions_version` they belong to. */
export async function studentQuestionsVersioned(
  db: Queryable,
  quiz: { id: number; questionsVersion: number },
): Promise<{ version: number; student: StudentQuestionRow[] }> {
  const { version, student } = await entryFor(db, quiz);
  return { version, student };
}
