import { describe, expect, it } from "vitest";
import { TERM_MESSAGES, TERM_REPORT_MESSAGES } from "@adesua/domain";
import type { HttpError } from "../lib/errors";
import { statusOf, viewerAs } from "./policy-test-kit";
import {
  assertCanCheck,
  assertCanEditSubject,
  assertCanEnterSubjectMarks,
  assertCanManageTerms,
  assertCanPrint,
  assertCanSeeReports,
  assertCanWriteHeadRemark,
  isReleased,
} from "./terms.policy";

const ROLES = ["student", "teacher", "admin"] as const;
const messageOf = (check: () => void) => {
  try {
    check();
    return null;
  } catch (e) {
    return (e as HttpError).message;
  }
};

describe("terms policy", () => {
  it("lets only admins manage terms and write the head teacher's remark", () => {
    expect(ROLES.map((r) => statusOf(() => assertCanManageTerms(viewerAs(r))))).toEqual([403, 403, 200]);
    expect(ROLES.map((r) => statusOf(() => assertCanWriteHeadRemark(viewerAs(r))))).toEqual([403, 403, 200]);
    expect(messageOf(() => assertCanWriteHeadRemark(viewerAs("teacher")))).toBe(TERM_MESSAGES.headOnly);
  });

  it("gives a subject's components to admins and its course's teacher; marks also to any teacher when it has no course", () => {
    const mine = { courseId: 3, courseTeacherId: 7 };
    const theirs = { courseId: 3, courseTeacherId: 8 };
    const none = { courseId: null, courseTeacherId: null };
    for (const [role, edit, marks] of [
      ["student", [403, 403, 403], [403, 403, 403]],
      ["teacher", [200, 403, 403], [200, 403, 200]],
      ["admin", [200, 200, 200], [200, 200, 200]],
    ] as const) {
      const v = viewerAs(role, 7);
      expect(
        [mine, theirs, none].map((s) => statusOf(() => assertCanEditSubject(v, s))),
        role,
      ).toEqual(edit);
      expect(
        [mine, theirs, none].map((s) => statusOf(() => assertCanEnterSubjectMarks(v, s))),
        role,
      ).toEqual(marks);
    }
  });

  it("lets any staff member check as class teacher and only an admin as head teacher", () => {
    expect(ROLES.map((r) => statusOf(() => assertCanCheck(viewerAs(r), "class_teacher")))).toEqual([403, 200, 200]);
    expect(ROLES.map((r) => statusOf(() => assertCanCheck(viewerAs(r), "head_teacher")))).toEqual([403, 403, 200]);
    expect(messageOf(() => assertCanCheck(viewerAs("teacher"), "head_teacher"))).toBe(TERM_REPORT_MESSAGES.headTeacherOnly);
  });

  it("releases with both checks: students see and print then; staff print before only as a preview", () => {
    expect([[], ["class_teacher"], ["head_teacher"], ["class_teacher", "head_teacher"]].map((r) => isReleased(r))).toEqual([false, false, false, true]);
    expect(ROLES.map((r) => [false, true].map((released) => statusOf(() => assertCanSeeReports(viewerAs(r), released))))).toEqual([
      [403, 200],
      [200, 200],
      [200, 200],
    ]);
    // [released, preview] → status
    const combos = [
      [false, false],
      [false, true],
      [true, false],
      [true, true],
    ] as const;
    expect(ROLES.map((r) => combos.map(([released, preview]) => statusOf(() => assertCanPrint(viewerAs(r), released, preview))))).toEqual([
      [403, 403, 200, 200],
      [409, 200, 200, 200],
      [409, 200, 200, 200],
    ]);
    expect(messageOf(() => assertCanPrint(viewerAs("admin"), false, false))).toBe(TERM_REPORT_MESSAGES.notPrintable);
    expect(messageOf(() => assertCanSeeReports(viewerAs("student"), false))).toBe(TERM_REPORT_MESSAGES.notChecked);
  });
});
