const statements = new WeakMap<object, Map<string, unknown>>();

/**
 * A Drizzle prepared statement built once per database and name, then reused: building a query on
 * every request was a measurable share of the server's CPU on hot paths (session lookup, list pages),
 * and on PostgreSQL a named statement is also planned once per connection. `name` must identify
 * the query's shape (the same name always builds the same SQL).
 */
export function preparedOnce<T>(db: object, name: string, build: () => T): T {
  let byName = statements.get(db);
  if (!byName) statements.set(db, (byName = new Map()));
  let stmt = byName.get(name) as T | undefined;
  if (stmt === undefined) byName.set(name, (stmt = build()));
  return stmt;
}
