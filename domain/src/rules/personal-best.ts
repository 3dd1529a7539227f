/**
 * A record is the student's personal best at a quiz when it has a score higher than every earlier
 * scored record of theirs at that quiz, or is their first scored one; a record without a score
 * (ungraded) never is. Grade edits recompute it with this rule; the submit statement
 * (FINALIZE_SQL on the server) decides the same in SQL, and shared cases (rules/cases.ts) pin them.
 */
export function isPersonalBest(score: number | null, earlierScores: readonly (number | null)[]): boolean {
  if (score === null) return false;
  const scored = earlierScores.filter((s): s is number => s !== null);
  return scored.every((s) => score > s);
}
