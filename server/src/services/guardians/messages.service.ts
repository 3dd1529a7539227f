import { randomUUID } from "node:crypto";
import { and, asc, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import {
  GUARDIAN_MESSAGES,
  mockMessage,
  parseClassName,
  TERM_MESSAGES,
  termMessage,
  type GuardianMessageList,
  type MessagesInput,
  type MessagesResult,
  type MockResults,
  type StudentResult,
} from "@adesua/domain";
import type { Db, Queryable } from "../../db/client";
import { files, guardianMessages, guardians, terms, users } from "../../db/schema";
import { recordAudit, type Actor } from "../../audit/audit";
import { csvDocument, CSV_CONTENT_TYPE } from "../../lib/csv-writer";
import { conflict, notFound } from "../../lib/errors";
import { pageMeta, pageWindow } from "../../lib/pagination";
import { SmsError, type SmsGateway } from "../../lib/sms";
import type { Viewer } from "../../lib/viewer";
import type { FileStorage } from "../../storage/storage";
import { readSchool } from "../admin/school.service";
import { signFileLink } from "../files/file-link.service";
import { loadMockHead } from "../mocks/mock-load";
import { mockResults } from "../mocks/results.service";
import { fallbackSchoolName } from "../prints/print.service";
import { termClasses } from "../terms/term-classes.service";
import { termReports } from "../terms/reports.service";

/**
 * Text messages to guardians once results are out (issue 28): one per guardian with a phone, written by the domain's
 * mockMessage/termMessage (one SMS), sent through the gateway (lib/sms.ts) or, with none set, written to a CSV for
 * the school's bulk-SMS service. Every message is a row of guardian_messages: sent, failed (with why) or exported.
 */

export type MessageDeps = { db: Db; storage: FileStorage; gateway: SmsGateway | null; now: () => Date };
type Draft = { studentId: number; student: string; guardianName: string; phone: string; body: string };

/** How many messages go to the gateway at once. */
const SEND_AT_ONCE = 4;

/** The best subject of a mock: the lowest grade, ties to the higher score. */
export function bestSubject(s: StudentResult): { name: string; grade: number } | null {
  let best: StudentResult["subjects"][number] | null = null;
  for (const sub of s.subjects) {
    if (sub.grade === null) continue;
    if (!best || sub.grade < best.grade! || (sub.grade === best.grade && (sub.score ?? -1) > (best.score ?? -1))) best = sub;
  }
  return best ? { name: best.name, grade: best.grade! } : null;
}

async function schoolName(db: Queryable): Promise<string> {
  return (await readSchool(db)).name.trim() || fallbackSchoolName();
}

/** Guardians of these students, in the students' order then the guardians' own. */
async function guardiansFor(db: Queryable, studentIds: number[]) {
  if (!studentIds.length) return new Map<number, { name: string; phone: string }[]>();
  const rows = await db
    .select({ studentId: guardians.studentId, name: guardians.name, phone: guardians.phone })
    .from(guardians)
    .where(inArray(guardians.studentId, studentIds))
    .orderBy(asc(guardians.studentId), asc(guardians.position), asc(guardians.id));
  const by = new Map<number, { name: string; phone: string }[]>();
  for (const r of rows) {
    if (!r.phone.trim()) continue;
    by.set(r.studentId, [...(by.get(r.studentId) ?? []), { name: r.name, phone: r.phone }]);
  }
  return by;
}

function only<T extends { studentId: number }>(list: T[], ids: number[] | undefined): T[] {
  if (!ids) return list;
  const want = new Set(ids);
  return list.filter((s) => want.has(s.studentId));
}

/** POST /mocks/{id}/messages: after release only (409 before). */
export async function sendMockMessages(deps: MessageDeps, viewer: Viewer, mockId: number, input: MessagesInput, actor: Actor): Promise<MessagesResult> {
  // Refused before the results are computed; the texts need the students' rows only (no item analysis).
  if ((await loadMockHead(deps.db, viewer, mockId)).releasedAt === null) throw conflict(GUARDIAN_MESSAGES.notReleased);
  const results: MockResults = await mockResults(deps.db, viewer, mockId, { class: input.class }, { printout: true });
  const school = await schoolName(deps.db);
  const students = only(results.students, input.studentIds);
  const by = await guardiansFor(
    deps.db,
    students.map((s) => s.studentId),
  );
  const drafts: Draft[] = students.flatMap((s) =>
    (by.get(s.studentId) ?? []).map((g) => ({
      studentId: s.studentId,
      student: s.name,
      guardianName: g.name,
      phone: g.phone,
      body: mockMessage({ school, student: s.name, mock: results.mock.title, aggregate: s.aggregate, best: bestSubject(s), note: input.note }),
    })),
  );
  return deliver(deps, "mock", mockId, results.mock.title, drafts, actor);
}

/** POST /terms/{id}/messages: one class's reports (409 until both checks) or every released class's. */
export async function sendTermMessages(deps: MessageDeps, viewer: Viewer, termId: number, input: MessagesInput, actor: Actor): Promise<MessagesResult> {
  const [term] = await deps.db.select({ id: terms.id, name: terms.name }).from(terms).where(eq(terms.id, termId)).limit(1);
  if (!term) throw notFound(TERM_MESSAGES.notFound);
  const { classes } = await termClasses(deps.db, termId);
  let chosen: string[];
  if (input.class) {
    const parsed = parseClassName(input.class);
    const c = parsed ? classes.find((x) => x.class.toLowerCase() === input.class!.trim().replace(/\s+/g, " ").toLowerCase()) : undefined;
    if (c && !c.released) throw conflict(GUARDIAN_MESSAGES.notReleased);
    // A class the school does not have yet goes to the reports, which answer for it.
    chosen = [c?.class ?? input.class];
  } else {
    chosen = classes.filter((c) => c.released).map((c) => c.class);
    if (!chosen.length) throw conflict(GUARDIAN_MESSAGES.notReleased);
  }
  const school = await schoolName(deps.db);
  const drafts: Draft[] = [];
  for (const label of chosen) {
    const reports = await termReports(deps.db, viewer, termId, label);
    if (!reports.checks?.released) throw conflict(GUARDIAN_MESSAGES.notReleased);
    const students = only(reports.students, input.studentIds);
    const by = await guardiansFor(
      deps.db,
      students.map((s) => s.studentId),
    );
    for (const s of students)
      for (const g of by.get(s.studentId) ?? [])
        drafts.push({
          studentId: s.studentId,
          student: s.name,
          guardianName: g.name,
          phone: g.phone,
          body: termMessage({
            school,
            student: s.name,
            term: term.name,
            position: s.overallPosition,
            classSize: s.classSize,
            average: s.average,
            note: input.note,
          }),
        });
  }
  return deliver(deps, "term", termId, term.name, drafts, actor);
}

type Outcome = Draft & { status: "sent" | "failed" | "exported"; error: string | null };

async function sendAll(gateway: SmsGateway, drafts: Draft[]): Promise<Outcome[]> {
  const out: Outcome[] = new Array(drafts.length);
  let next = 0;
  const worker = async () => {
    while (next < drafts.length) {
      const i = next++;
      try {
        await gateway.send(drafts[i].phone, drafts[i].body);
        out[i] = { ...drafts[i], status: "sent", error: null };
      } catch (e) {
        out[i] = { ...drafts[i], status: "failed", error: e instanceof SmsError ? e.message : `The message could not be sent (${(e as Error).message})` };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(SEND_AT_ONCE, drafts.length) }, worker));
  return out;
}

async function deliver(deps: MessageDeps, source: "mock" | "term", sourceId: number, title: string, drafts: Draft[], actor: Actor): Promise<MessagesResult> {
  if (!drafts.length) throw conflict(GUARDIAN_MESSAGES.noGuardians);
  const batchId = randomUUID();
  let fileId: number | null = null;
  let outcomes: Outcome[];
  if (deps.gateway) outcomes = await sendAll(deps.gateway, drafts);
  else {
    const csv = csvDocument(
      ["phone", "guardian", "student", "message"],
      drafts.map((d) => [d.phone, d.guardianName, d.student, d.body]),
    );
    const data = Buffer.from(csv, "utf8");
    const { sha256, size } = await deps.storage.put(data);
    const name = `Guardian messages ${title}`.replace(/[\\/:*?"<>|]+/g, " ").slice(0, 150) + ".csv";
    const [file] = await deps.db.insert(files).values({ sha256, name, size, mimeType: CSV_CONTENT_TYPE, uploadedBy: actor.userId }).returning({ id: files.id });
    fileId = file.id;
    outcomes = drafts.map((d) => ({ ...d, status: "exported", error: null }));
  }
  await deps.db.transaction(async (tx) => {
    await tx.insert(guardianMessages).values(
      outcomes.map((o) => ({
        batchId,
        sourceKind: source,
        sourceId,
        studentId: o.studentId,
        guardianName: o.guardianName,
        phone: o.phone,
        body: o.body,
        status: o.status,
        error: o.error,
        fileId,
        createdBy: actor.userId,
      })),
    );
    const tally = (s: Outcome["status"]) => outcomes.filter((o) => o.status === s).length;
    await recordAudit(tx, {
      entityType: "guardian_messages",
      entityId: batchId,
      action: "create",
      actor,
      after: { source, sourceId, sent: tally("sent"), failed: tally("failed"), exported: tally("exported") },
    });
  });
  const exported = fileId === null ? null : (await signFileLink(deps.db, fileId, deps.now())).url;
  return {
    sent: outcomes.filter((o) => o.status === "sent").length,
    failed: outcomes.filter((o) => o.status === "failed").length,
    exported,
    exportedCount: fileId === null ? 0 : outcomes.length,
  };
}

export type MessageListQuery = { page: number; limit: number; source?: "mock" | "term"; sourceId?: number; status?: "sent" | "failed" | "exported" };

/** GET /guardian-messages: newest first, a page at a time (LIMIT/OFFSET in SQL). */
export async function listMessages(db: Queryable, q: MessageListQuery): Promise<GuardianMessageList> {
  const where: SQL[] = [];
  if (q.source) where.push(eq(guardianMessages.sourceKind, q.source));
  if (q.sourceId !== undefined) where.push(eq(guardianMessages.sourceId, q.sourceId));
  if (q.status) where.push(eq(guardianMessages.status, q.status));
  const cond = where.length ? and(...where) : undefined;
  const { limit, offset } = pageWindow(q);
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ m: guardianMessages, studentName: users.name })
      .from(guardianMessages)
      .leftJoin(users, eq(users.id, guardianMessages.studentId))
      .where(cond)
      .orderBy(desc(guardianMessages.createdAt), desc(guardianMessages.id))
      .limit(limit)
      .offset(offset),
    db.select({ total: count() }).from(guardianMessages).where(cond),
  ]);
  return {
    data: rows.map(({ m, studentName }) => ({
      id: m.id,
      source: m.sourceKind as "mock" | "term",
      sourceId: m.sourceId,
      student: m.studentId !== null && studentName !== null ? { id: m.studentId, name: studentName } : null,
      guardianName: m.guardianName,
      phone: m.phone,
      body: m.body,
      status: m.status as "sent" | "failed" | "exported",
      error: m.error,
      createdAt: m.createdAt.toISOString(),
    })),
    pagination: pageMeta(q, Number(total)),
  };
}
