import type { QuestionType, SittingVersion } from "@adesua/domain";

/**
 * A paper sitting as the printer draws it (issue 29, decision 051): everything read from the database beforehand, so
 * the worker needs nothing else. Made by services/prints/paper-document.ts, or by `paperFixture` in tests.
 */

/** A question as printed: its text (equations in their linear form), options in the quiz's order, pictures. */
export type PaperQuestion = {
  id: number;
  type: QuestionType;
  text: string;
  /** The question's options in its own order; a version prints option `options[i]` of the sitting as letter i. */
  options: string[];
  marks: number;
  /** numerical: the unit the answer is given in ("cm"), printed beside the instruction; null for none. */
  unit: string | null;
  /** Pictures of the question, PNG or JPEG bytes (others are left out before this point). */
  images: Uint8Array[];
};

/** A student who gets a named sheet, in class-list order. */
export type PaperStudent = { id: number; name: string };

export type PaperPrint = {
  sittingId: number;
  quiz: { title: string; /** minutes; null: no limit printed */ timeLimit: number | null };
  /** "JHS 2B", or "JHS 2" for the whole level. */
  class: string;
  /** The sitting's versions (1–4), each with its rows in printed order. */
  versions: SittingVersion[];
  /** The questions by id (every id in `versions`). */
  questions: PaperQuestion[];
  students: PaperStudent[];
  blankSheets: number;
};

/** One answer sheet of the print, in the order printed after the question papers. */
export type PaperSheet = {
  /** The student's id, 0 on a blank sheet (as in the QR code). */
  student: number;
  /** The name printed, null on a blank sheet. */
  name: string | null;
  version: number;
  bubbles: number;
  boxes: number;
};

/**
 * Which sheet each student gets: versions dealt round the class list (student 1 version 1, student 2 version 2, …) so
 * neighbours on the list (and so, often, at the desks) have different versions; blank sheets dealt the same way.
 */
export function paperSheets(paper: PaperPrint): PaperSheet[] {
  const count = Math.max(1, paper.versions.length);
  const rowsOf = (v: number) => {
    const version = paper.versions.find((x) => x.version === v) ?? paper.versions[0];
    const bubbles = version?.questions.filter((q) => q.kind === "bubbles").length ?? 0;
    return { bubbles, boxes: (version?.questions.length ?? 0) - bubbles };
  };
  const versionAt = (i: number) => paper.versions[i % count]?.version ?? 1;
  return [
    ...paper.students.map((s, i) => ({ student: s.id, name: s.name, version: versionAt(i), ...rowsOf(versionAt(i)) })),
    ...Array.from({ length: paper.blankSheets }, (_, j) => ({ student: 0, name: null, version: versionAt(j), ...rowsOf(versionAt(j)) })),
  ];
}
