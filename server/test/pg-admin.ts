import type pg from "pg";

/** The same server, but the maintenance database, from which databases are created and dropped. */
export function adminUrl(url: string): string {
  const u = new URL(url);
  u.pathname = "/postgres";
  return u.toString();
}

export async function dropDatabasesWithPrefix(admin: pg.Client, prefix: string): Promise<void> {
  const { rows } = await admin.query<{ datname: string }>("select datname from pg_database where datname like $1", [`${prefix}%`]);
  // Clones first, the template last.
  for (const { datname } of rows.sort((a, b) => b.datname.length - a.datname.length)) {
    await admin.query(`drop database if exists "${datname}" with (force)`);
  }
}
