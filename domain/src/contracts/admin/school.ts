/**
 * The school as printed on report cards and slips, and its assessment settings (issue 28, decision 050).
 *
 * Calls (all under /api):
 *   GET  /school            → School (every signed-in user: the name and crest head their own slip and report)
 *   PUT  /school            SchoolInput → School (admin)
 *   PUT  /school/crest      multipart `file` (.png/.jpg ≤ 2 MB) → School (admin; other types 415)
 *   DELETE /school/crest    → School (admin)
 *   GET  /school/crest      → the crest image (404 when none)
 */
import { z } from "zod";
import { FileInfoSchema } from "../files";
import { DEFAULT_CORE_SUBJECTS, DEFAULT_GRADE_BANDS, DEFAULT_GRADE_REMARKS, gradeBandsProblem } from "../../rules/assessment";

export const SCHOOL_MESSAGES = {
  name: "School name must be at most 120 characters",
  crestType: "The crest must be a .png or .jpg image",
  crestSize: "The crest must be at most 2 MB",
} as const;

export const MAX_CREST_BYTES = 2 * 1024 * 1024;

export const GradeBandSchema = z.object({
  /** The lowest whole-number score of the band. */
  min: z
    .number({ error: "bands: min must be a number" })
    .min(0, { error: "bands: min must be from 0 to 100" })
    .max(100, { error: "bands: min must be from 0 to 100" }),
  grade: z
    .number({ error: "bands: grade must be a whole number from 1 to 9" })
    .int({ error: "bands: grade must be a whole number from 1 to 9" })
    .min(1, { error: "bands: grade must be a whole number from 1 to 9" })
    .max(9, { error: "bands: grade must be a whole number from 1 to 9" }),
});
export type GradeBandInput = z.infer<typeof GradeBandSchema>;

/** A grade table: checked whole (a band from 0, distinct starts, better scores never worse grades). */
export const GradeBandsSchema = z
  .array(GradeBandSchema, { error: "bands must be a list of { min, grade }" })
  .min(1, { error: "bands must have at least one band" })
  .max(20, { error: "bands can have at most 20 bands" })
  .superRefine((bands, ctx) => {
    const problem = gradeBandsProblem(bands);
    if (problem) ctx.addIssue({ code: "custom", message: problem });
  });

const remarkText = (name: string, max = 300) =>
  z
    .string({ error: `${name} must be text` })
    .trim()
    .max(max, { error: `${name} must be at most ${max} characters` });

/** How the school grades: its defaults for new mocks and terms. */
export const AssessmentSettingsSchema = z.object({
  /** Subjects that always count towards the aggregate (matched by name, case ignored). */
  coreSubjects: z
    .array(remarkText("coreSubjects", 80).min(1, { error: "coreSubjects must not be empty" }))
    .max(10, { error: "coreSubjects can have at most 10 subjects" }),
  bands: GradeBandsSchema,
  /** The remark of each grade ("1": "Highest" … "9": "Lowest"). */
  remarks: z.record(z.string().regex(/^[1-9]$/, { error: "remarks: keys must be grades 1 to 9" }), remarkText("remarks", 60)),
  /** The head teacher's bank of common remarks to choose from. */
  headRemarks: z.array(remarkText("headRemarks").min(1)).max(50, { error: "headRemarks can have at most 50 remarks" }),
  /** The class teacher's bank of common remarks. */
  teacherRemarks: z.array(remarkText("teacherRemarks").min(1)).max(50, { error: "teacherRemarks can have at most 50 remarks" }),
  classWeight: z.number().min(0).max(100),
  examWeight: z.number().min(0).max(100),
  positionScope: z.enum(["class", "level"], { error: "positionScope must be class or level" }),
});
export type AssessmentSettings = z.infer<typeof AssessmentSettingsSchema>;

export const DEFAULT_HEAD_REMARKS: readonly string[] = [
  "An excellent term's work. Keep it up.",
  "Good work. Aim higher next term.",
  "A fair performance. More effort is needed.",
  "Has the ability to do better. Work harder.",
  "Poor performance. Must sit up.",
];
export const DEFAULT_TEACHER_REMARKS: readonly string[] = [
  "Hardworking and attentive in class.",
  "Respectful and helpful to others.",
  "Can do better with more concentration.",
  "Must be punctual and complete homework.",
  "Quiet but makes steady progress.",
];

/** The settings in force when a school has chosen none. */
export const DEFAULT_ASSESSMENT: AssessmentSettings = {
  coreSubjects: [...DEFAULT_CORE_SUBJECTS],
  bands: DEFAULT_GRADE_BANDS.map((b) => ({ ...b })),
  remarks: Object.fromEntries(Object.entries(DEFAULT_GRADE_REMARKS)),
  headRemarks: [...DEFAULT_HEAD_REMARKS],
  teacherRemarks: [...DEFAULT_TEACHER_REMARKS],
  classWeight: 30,
  examWeight: 70,
  positionScope: "class",
};

export const SchoolSchema = z.object({
  /** "" until the admin names the school (reports then print "Adesua"). */
  name: z.string(),
  address: z.string(),
  motto: z.string(),
  crest: FileInfoSchema.nullable(),
  assessment: AssessmentSettingsSchema,
});
export type School = z.infer<typeof SchoolSchema>;

export const SchoolInputSchema = z
  .object({
    name: remarkText("name", 120).optional(),
    address: remarkText("address", 300).optional(),
    motto: remarkText("motto", 200).optional(),
    /** Any part given replaces the same part; the rest stays. */
    assessment: AssessmentSettingsSchema.partial().optional(),
  })
  .superRefine((v, ctx) => {
    const a = v.assessment;
    if (a && (a.classWeight !== undefined || a.examWeight !== undefined)) {
      if (a.classWeight === undefined || a.examWeight === undefined || Math.abs(a.classWeight + a.examWeight - 100) > 1e-9)
        ctx.addIssue({ code: "custom", path: ["assessment", "classWeight"], message: "classWeight and examWeight must add up to 100" });
    }
  });
export type SchoolInput = z.infer<typeof SchoolInputSchema>;
