import type { PooledStatement } from "../../db/client";
import {
  FINALIZE_IN_TIME_SQL,
  FINALIZE_SQL,
  GRADE_ANSWERS_SQL,
  HOT_NAMES,
  INSERT_NEW_ATTEMPT_SQL,
  LOCK_ATTEMPT_BY_TOKEN_SQL,
  START_NEW_BY_TOKEN_SQL,
  SUBMIT_READ_BY_TOKEN_SQL,
} from "./attempt.queries";
import { saveStatements } from "./attempt-save.queries";

const NOW = "2000-01-01T00:00:00.000Z";
const FINALIZE_NOTHING = [0, 0, 0, null, 0, 0, true, "[]", NOW, false, 1, false, null, null, "[]"];

/**
 * The exam's hot statements as their callers prepare them (the same names and text as their queryPrepared calls),
 * each with parameters that match nothing and change nothing: attempt, quiz and user 0 do not exist (serial ids start
 * at 1), the empty token is no session's hash, and FINALIZE with "store a submission" false inserts nothing.
 */
export const hotStatements = (embedded: boolean): readonly PooledStatement[] => [
  { name: HOT_NAMES.startNewByToken, text: START_NEW_BY_TOKEN_SQL, values: [0, ""] },
  { name: HOT_NAMES.insertNewAttempt, text: INSERT_NEW_ATTEMPT_SQL, values: [0, 0, 1, NOW, null, null, 0] },
  // Each database warms the save texts it runs (the embedded database's take no row lock, decision 054).
  { ...saveStatements(embedded).one, values: [0, "[]", 0, NOW, null] },
  { ...saveStatements(embedded).batch, values: ["[]"] },
  { name: HOT_NAMES.lockAttemptByToken, text: LOCK_ATTEMPT_BY_TOKEN_SQL, values: [0, ""] },
  { name: HOT_NAMES.gradeAnswers, text: GRADE_ANSWERS_SQL, values: [0] },
  { name: HOT_NAMES.finalize, text: FINALIZE_SQL, values: FINALIZE_NOTHING },
  { name: HOT_NAMES.submitReadByToken, text: SUBMIT_READ_BY_TOKEN_SQL, values: [0, ""] },
  { name: HOT_NAMES.finalizeInTime, text: FINALIZE_IN_TIME_SQL, values: [...FINALIZE_NOTHING, "[]"] },
];

/**
 * PostgreSQL runs a prepared statement's first five executions on plans made for their parameters, and a new
 * backend loads the catalog entries of every table it touches on first use: on a backend's first submit that was
 * 7.5 ms of FINALIZE against 0.3 ms later, 40 backends at once in the first second of an exam's submit burst. Run
 * six times on every pooled connection when the server starts (decision 053), the statements are prepared, their
 * plans settled and the tables' entries loaded before the first student arrives.
 */
export const HOT_STATEMENT_RUNS = 6;
