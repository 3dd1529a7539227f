import type { Role, StudentType } from "@adesua/domain";
import type { HttpError } from "../lib/errors";
import type { Viewer } from "../lib/viewer";

/** For the policies' tests: the HTTP status a check answers, 200 when it passes, else its error's. */
export function statusOf(check: () => void): number {
  try {
    check();
    return 200;
  } catch (e) {
    return (e as HttpError).statusCode;
  }
}

/** For the policies' tests: a viewer of the role, a student of `level`. */
export const viewerAs = (role: Role, id = 1, level: StudentType = "jhs1"): Viewer => ({ id, role, studentType: role === "student" ? level : null });
