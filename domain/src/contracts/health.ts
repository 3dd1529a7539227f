import { z } from "zod";

export const HealthSchema = z.object({
  status: z.enum(["ok", "degraded"]),
  database: z.object({ status: z.enum(["ok", "error"]), kind: z.enum(["pglite", "postgres"]), latencyMs: z.number() }),
  storage: z.object({ status: z.enum(["ok", "error"]) }),
  uptimeSeconds: z.number(),
});
export type Health = z.infer<typeof HealthSchema>;
