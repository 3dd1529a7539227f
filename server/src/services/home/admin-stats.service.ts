import fs from "node:fs/promises";
import { desc, eq, sql } from "drizzle-orm";
import { ACTIVE_USER_DAYS, RECENT_ACTIVITY_COUNT, type AdminStats } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { auditLogs, courses, quizzes, users } from "../../db/schema";
import { countedRows } from "../admin/row-counts";

const count = (table: typeof courses | typeof quizzes) => sql<number>`(select count(*)::int from ${table})`.mapWith(Number);

/**
 * The admin home's figures (GET /admin/dashboard/stats): every count by the database in one
 * statement (users, courses and quizzes counted; submissions and records read from their trigger-kept
 * counts), the latest audit entries with who did them, the share of
 * the data disk in use, and how long the database took to answer them all.
 */
export async function adminStats(db: Queryable, dataDir: string, kind: "pglite" | "postgres", now: Date): Promise<AdminStats> {
  const since = new Date(now.getTime() - ACTIVE_USER_DAYS * 24 * 3600_000);
  const started = performance.now();
  const [figures, recent] = await Promise.all([
    db
      .select({
        totalUsers: sql<number>`count(*)::int`.mapWith(Number),
        admin: sql<number>`(count(*) filter (where ${users.role} = 'admin'))::int`.mapWith(Number),
        teacher: sql<number>`(count(*) filter (where ${users.role} = 'teacher'))::int`.mapWith(Number),
        student: sql<number>`(count(*) filter (where ${users.role} = 'student'))::int`.mapWith(Number),
        activeUsers: sql<number>`(count(*) filter (where ${users.lastSignInAt} >= ${since}))::int`.mapWith(Number),
        totalCourses: count(courses),
        totalQuizzes: count(quizzes),
        totalSubmissions: countedRows("submissions"),
        totalRecords: countedRows("records"),
      })
      .from(users),
    db
      .select({ type: auditLogs.entityType, action: auditLogs.action, time: auditLogs.createdAt, userId: auditLogs.userId, name: users.name })
      .from(auditLogs)
      .leftJoin(users, eq(users.id, auditLogs.userId))
      .orderBy(desc(auditLogs.createdAt), desc(auditLogs.id))
      .limit(RECENT_ACTIVITY_COUNT),
  ]);
  const responseTime = Math.round((performance.now() - started) * 10) / 10;
  const f = figures[0];
  return {
    success: true,
    data: {
      overview: {
        totalUsers: f.totalUsers,
        totalCourses: f.totalCourses,
        totalQuizzes: f.totalQuizzes,
        totalSubmissions: f.totalSubmissions,
        totalRecords: f.totalRecords,
        activeUsers: f.activeUsers,
      },
      recentActivity: recent.map((r) => ({
        type: r.type,
        user: r.name ?? (r.userId === null ? "System" : "Deleted user"),
        action: r.action,
        time: r.time.toISOString(),
      })),
      userDistribution: { admin: f.admin, teacher: f.teacher, student: f.student },
      systemHealth: { server: "online", database: "connected", databaseKind: kind, storage: await diskUsedPercent(dataDir), responseTime },
    },
  };
}

/** Percent of the file system holding `dir` in use, as `df` counts it (used / (used + available to users)). */
export async function diskUsedPercent(dir: string): Promise<number | null> {
  try {
    const s = await fs.statfs(dir);
    const used = s.blocks - s.bfree;
    const total = used + s.bavail;
    return total > 0 ? Math.round((used / total) * 1000) / 10 : null;
  } catch {
    return null;
  }
}
