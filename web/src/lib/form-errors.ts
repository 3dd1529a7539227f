/**
 * The one mapper from schema issues to form field errors, for the staff forms that validate with the
 * shared zod schemas (decision 004 lets zod load in /forms/ and /staff/ chunks). It takes the issue
 * shape only, so this module never pulls zod into a bundle.
 */
export type SchemaIssue = { readonly path: readonly PropertyKey[]; readonly message: string };

/**
 * The first message for each field, keyed by its dotted path ("title", "questions.2.options").
 * `fieldOf` renames a path to the form's field name, or drops the issue with null.
 */
export function issuesToFieldErrors<F extends string = string>(
  issues: readonly SchemaIssue[],
  fieldOf: (path: string) => F | null = (p) => p as F,
): Partial<Record<F, string>> {
  const out: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const field = fieldOf(issue.path.map(String).join("."));
    if (field !== null && out[field] === undefined) out[field] = issue.message;
  }
  return out;
}
