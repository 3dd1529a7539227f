import { eq } from "drizzle-orm";
import type { StudentType } from "@adesua/domain";
import type { Db } from "../src/db/client";
import { users } from "../src/db/schema";
import { call, type TestApp } from "./test-app";
import { buildUser } from "./factories";
import { createSession } from "../src/auth/sessions";

/** Shared steps of the terms HTTP tests. */

export const termBody = (over: object = {}) => ({ name: "Term 1 2026/27", number: 1, startsOn: "2026-09-08", endsOn: "2026-12-18", ...over });

export function api(t: TestApp) {
  const req = (method: "GET" | "POST" | "PUT" | "DELETE", url: string, token?: string, payload?: object) =>
    call(t.app, { method, url, token, ...(payload ? { payload } : {}) });
  return {
    req,
    createTerm: (token: string, over: object = {}) => req("POST", "/api/terms", token, termBody(over)),
    addSubject: (token: string, termId: number, body: object) => req("POST", `/api/terms/${termId}/subjects`, token, body),
    putSubject: (token: string, termId: number, subjectId: number, body: object) => req("PUT", `/api/terms/${termId}/subjects/${subjectId}`, token, body),
    marks: (token: string, termId: number, componentId: number, marks: { studentId: number; mark: number | null }[]) =>
      req("PUT", `/api/terms/${termId}/components/${componentId}/marks`, token, { marks }),
    subjectLines: (token: string, termId: number, subjectId: number, students: object[]) =>
      req("PUT", `/api/terms/${termId}/subjects/${subjectId}/students`, token, { students }),
    termLines: (token: string, termId: number, students: object[]) => req("PUT", `/api/terms/${termId}/students`, token, { students }),
    reports: (token: string, termId: number, query = "?class=JHS%203A") => req("GET", `/api/terms/${termId}/reports${query}`, token),
    check: (token: string, termId: number, cls: string, role: string) => req("POST", `/api/terms/${termId}/checks`, token, { class: cls, role }),
    uncheck: (token: string, termId: number, cls: string, role: string) =>
      req("DELETE", `/api/terms/${termId}/checks?class=${encodeURIComponent(cls)}&role=${role}`, token),
  };
}

/** Students of a level and stream, each with a session token. */
export async function studentsOf(db: Db, level: StudentType, stream: string | null, names: string[]) {
  const out: { id: number; name: string; token: string }[] = [];
  for (const name of names) {
    const u = await buildUser(db, { name, role: "student", studentType: level });
    if (stream) await db.update(users).set({ stream }).where(eq(users.id, u.id));
    out.push({ id: u.id, name, token: (await createSession(db, u.id, 3600_000)).token });
  }
  return out;
}

/** A marks component. */
export const marksComponent = (part: "class" | "exam", name: string, outOf = 100, weight = 1, id?: number) => ({
  ...(id ? { id } : {}),
  part,
  kind: "marks",
  name,
  outOf,
  weight,
});
