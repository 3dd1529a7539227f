import { and, asc, eq, inArray } from "drizzle-orm";
import { classLabel, type StudentType } from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { files, questions, users } from "../../db/schema";
import type { PaperQuestion } from "../../documents/sittings/paper-types";
import type { Viewer } from "../../lib/viewer";
import { loadSittingFor } from "../sittings/sitting-load";
import { sittingStudentsWhere } from "../sittings/sitting-students";
import { loadSchoolPrint, readPrintFile, type PrintDocument } from "./print.service";

/**
 * A paper sitting's print (issue 29, decision 051): the question paper of each version and one answer sheet per
 * student of the class (active students of the quiz's level, of the sitting's stream when it has one, by name) and
 * the blank sheets, read with the viewer's rights (403 for a student, 404 for a sitting not theirs). Everything the
 * worker draws is read here, pictures included, so the worker needs no database.
 */

/** Pictures larger than this, or past this total for the paper, are left out (the worker's heap is 256 MB). */
const MAX_PICTURE_BYTES = 8 * 1024 * 1024;
const MAX_PICTURES_BYTES = 40 * 1024 * 1024;

/** PNG or JPEG by their first bytes (the only pictures pdfkit draws). */
function drawable(b: Uint8Array): boolean {
  const png = b.length > 8 && b[0] === 0x89 && b[1] === 0x50 && b[2] === 0x4e && b[3] === 0x47;
  const jpeg = b.length > 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff;
  return png || jpeg;
}

async function picturesOf(db: Queryable, rows: { imageFileIds: number[] }[]): Promise<Map<number, Uint8Array>> {
  const ids = [...new Set(rows.flatMap((r) => r.imageFileIds))];
  const out = new Map<number, Uint8Array>();
  if (!ids.length) return out;
  const found = await db.select({ id: files.id, sha256: files.sha256, mimeType: files.mimeType, size: files.size }).from(files).where(inArray(files.id, ids));
  const byId = new Map(found.map((f) => [f.id, f]));
  const bySha = new Map<string, Uint8Array | null>();
  let budget = MAX_PICTURES_BYTES;
  for (const id of ids) {
    const f = byId.get(id);
    if (!f || !/^image\/(png|jpe?g)$/i.test(f.mimeType) || f.size > MAX_PICTURE_BYTES) continue;
    if (!bySha.has(f.sha256)) {
      if (f.size > budget) continue;
      const bytes = await readPrintFile(db, f.sha256);
      bySha.set(f.sha256, bytes && drawable(bytes) ? bytes : null);
      if (bytes) budget -= bytes.length;
    }
    const bytes = bySha.get(f.sha256);
    if (bytes) out.set(id, bytes);
  }
  return out;
}

export async function paperDocumentFor(
  db: Db,
  viewer: Viewer,
  sittingId: number,
): Promise<{ doc: PrintDocument; total: number; name: string; params: Record<string, unknown> }> {
  const { sitting, quiz } = await loadSittingFor(db, viewer, sittingId);
  const ids = [...new Set(sitting.versions.flatMap((v) => v.questions.map((q) => q.questionId)))];
  const rows = ids.length
    ? await db
        .select({
          id: questions.id,
          type: questions.type,
          text: questions.text,
          options: questions.options,
          marks: questions.marks,
          details: questions.details,
          imageFileIds: questions.imageFileIds,
        })
        .from(questions)
        .where(and(eq(questions.quizId, quiz.id), inArray(questions.id, ids)))
    : [];
  const pictures = await picturesOf(db, rows);
  const paperQuestions: PaperQuestion[] = rows.map((q) => ({
    id: q.id,
    type: q.type,
    text: q.text,
    options: q.options,
    marks: q.marks,
    unit: q.type === "numerical" ? (q.details.unit ?? null) : null,
    images: q.imageFileIds.map((id) => pictures.get(id)).filter((b): b is Uint8Array => b !== undefined),
  }));
  const students = await db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(sittingStudentsWhere(quiz.studentType, sitting.stream))
    .orderBy(asc(users.name), asc(users.id));
  const school = await loadSchoolPrint(db);
  const className = classLabel(quiz.studentType as StudentType, sitting.stream);
  return {
    doc: {
      kind: "paper",
      school,
      paper: {
        sittingId: sitting.id,
        quiz: { title: quiz.title, timeLimit: quiz.timeLimit },
        class: className,
        versions: sitting.versions,
        questions: paperQuestions,
        students,
        blankSheets: sitting.blankSheets,
      },
    },
    // The question paper's pages are counted by the worker; a first guess of one page a version until it starts.
    total: students.length + sitting.blankSheets + sitting.versions.length,
    name: `${quiz.title} ${className} question paper and answer sheets.pdf`,
    params: { sittingId: sitting.id },
  };
}
