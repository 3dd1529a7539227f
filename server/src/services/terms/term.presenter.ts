import type { Term, TermComponent, TermSubject } from "@adesua/domain";
import type { StudentType } from "@adesua/domain";
import type { TermComponentRow, TermRow, TermSubjectRow } from "../../db/schema";

/** Presenters of terms, subjects and components: whitelisted fields only. */

export function presentComponent(c: TermComponentRow): TermComponent {
  return {
    id: c.id,
    part: c.part as TermComponent["part"],
    kind: c.kind as TermComponent["kind"],
    name: c.name,
    quizId: c.quizId,
    gradebookId: c.gradebookId,
    columnKey: c.columnKey,
    mockPaperId: c.mockPaperId,
    outOf: Number(c.outOf),
    weight: Number(c.weight),
  };
}

export function presentSubject(s: TermSubjectRow, components: TermComponentRow[], canEdit: boolean): TermSubject {
  return {
    id: s.id,
    level: s.studentType as StudentType,
    name: s.name,
    courseId: s.courseId,
    components: components.map(presentComponent),
    canEdit,
  };
}

export function presentTerm(t: TermRow, subjects: TermSubject[]): Term {
  return {
    id: t.id,
    name: t.name,
    number: t.number,
    startsOn: t.startsOn,
    endsOn: t.endsOn,
    nextTermBegins: t.nextTermBegins,
    classWeight: Number(t.classWeight),
    examWeight: Number(t.examWeight),
    positionScope: t.positionScope as Term["positionScope"],
    attendanceDays: t.attendanceDays,
    subjects,
    createdAt: t.createdAt.toISOString(),
    updatedAt: t.updatedAt.toISOString(),
  };
}

export const presentTermSummary = (t: TermRow) => ({
  id: t.id,
  name: t.name,
  number: t.number,
  startsOn: t.startsOn,
  endsOn: t.endsOn,
  nextTermBegins: t.nextTermBegins,
});
