import { z } from "zod";

/** GET /admin/dashboard/stats: the admin home's figures, every one counted by the database when asked. */
export const AdminStatsSchema = z.object({
  success: z.literal(true),
  data: z.object({
    overview: z.object({
      totalUsers: z.number().int(),
      totalCourses: z.number().int(),
      totalQuizzes: z.number().int(),
      totalSubmissions: z.number().int(),
      totalRecords: z.number().int(),
      /** Users who signed in within the last 7 days. */
      activeUsers: z.number().int(),
    }),
    /** The latest audit entries, newest first. */
    recentActivity: z.array(
      z.object({
        /** The entity type of the audit entry (user, course, quiz, ...). */
        type: z.string(),
        /** The name of who did it; "System" when nobody was signed in, "Deleted user" when they are gone. */
        user: z.string(),
        action: z.string(),
        /** ISO time. */
        time: z.string(),
      }),
    ),
    /** How many users have each role. */
    userDistribution: z.object({ admin: z.number().int(), teacher: z.number().int(), student: z.number().int() }),
    systemHealth: z.object({
      /** "online": this answer came from it. */
      server: z.enum(["online"]),
      /** "connected": the database answered these figures (when it cannot, the call fails); kind says which. */
      database: z.enum(["connected"]),
      databaseKind: z.enum(["pglite", "postgres"]),
      /** Percent of the data disk (the file system holding DATA_DIR) in use, one decimal; null if it cannot be read. */
      storage: z.number().nullable(),
      /** How long the database took to answer these figures, in milliseconds (measured for this answer). */
      responseTime: z.number(),
    }),
  }),
});
export type AdminStats = z.infer<typeof AdminStatsSchema>;
