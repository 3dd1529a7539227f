import { eq } from "drizzle-orm";
import { DEFAULT_ASSESSMENT, type AssessmentSettings } from "@adesua/domain";
import type { Queryable } from "../../db/client";
import { settings } from "../../db/schema";

/** The school's assessment settings (settings.assessment), each part it has not chosen from DEFAULT_ASSESSMENT. */
export async function schoolAssessment(db: Queryable): Promise<AssessmentSettings> {
  const [row] = await db.select({ assessment: settings.assessment }).from(settings).where(eq(settings.id, 1));
  const chosen = row?.assessment ?? {};
  const out: AssessmentSettings = { ...DEFAULT_ASSESSMENT };
  for (const [k, v] of Object.entries(chosen)) if (v !== undefined && v !== null) (out as Record<string, unknown>)[k] = v;
  return out;
}
