import { count } from "drizzle-orm";
import type { Db } from "../../db/client";
import { users } from "../../db/schema";
import { hashPassword } from "../../auth/passwords";
import { seedCoursesAndQuizzes } from "./courses-quizzes.seed";
import { seedQuestionBank } from "./past-questions";
import { seedCalendar } from "./calendar.seed";
import { seedHistory } from "./history.seed";
import { seedGradingDemo } from "./grading.seed";
import { seedQuestionTypesDemo } from "./question-types.seed";
import { seedMocksDemo } from "./mocks.seed";
import { seedTermsDemo } from "./terms.seed";

export const DEMO_PASSWORD = "adesua-demo";
export const DEMO_ADMIN = { name: "Kwame Mensah", email: "admin@adesua.school" };
export const DEMO_TEACHERS = [
  { name: "Ama Owusu", email: "ama.owusu@adesua.school" },
  { name: "Kofi Asante", email: "kofi.asante@adesua.school" },
  { name: "Akosua Boateng", email: "akosua.boateng@adesua.school" },
];
export const DEMO_STUDENTS = [
  { name: "Yaw Darko", email: "yaw.darko@adesua.school", studentType: "jhs1" },
  { name: "Abena Osei", email: "abena.osei@adesua.school", studentType: "jhs1" },
  { name: "Kojo Appiah", email: "kojo.appiah@adesua.school", studentType: "jhs1" },
  { name: "Efua Mensah", email: "efua.mensah@adesua.school", studentType: "jhs2" },
  { name: "Kwabena Ofori", email: "kwabena.ofori@adesua.school", studentType: "jhs2" },
  { name: "Adwoa Sarpong", email: "adwoa.sarpong@adesua.school", studentType: "jhs2" },
  { name: "Kwesi Amoah", email: "kwesi.amoah@adesua.school", studentType: "jhs3" },
  { name: "Esi Quaye", email: "esi.quaye@adesua.school", studentType: "jhs3" },
  { name: "Kwaku Antwi", email: "kwaku.antwi@adesua.school", studentType: "jhs3" },
] as const;

export type SeedResult = { created: "none" | "admin" | "demo"; accounts: { role: string; email: string; password: string }[] };

/**
 * Runs only on an empty database: creates the configured admin, and in demo mode the demo school.
 * Later features add their demo data through `demoSeeders`.
 */
export async function seedIfEmpty(db: Db, opts: { seedDemo: boolean; adminEmail: string | null; adminPassword: string | null }): Promise<SeedResult> {
  const [{ n }] = await db.select({ n: count() }).from(users);
  if (n > 0) return { created: "none", accounts: [] };
  const accounts: SeedResult["accounts"] = [];
  if (opts.adminEmail && opts.adminPassword) {
    await db.insert(users).values({ name: "Administrator", email: opts.adminEmail, role: "admin", passwordHash: await hashPassword(opts.adminPassword) });
  }
  if (!opts.seedDemo) return { created: opts.adminEmail ? "admin" : "none", accounts };

  // One hash for the shared demo password (each user still gets the full argon2id check).
  const demoHash = await hashPassword(DEMO_PASSWORD);
  await db.transaction(async (tx) => {
    if (!opts.adminEmail) {
      await tx.insert(users).values({ ...DEMO_ADMIN, role: "admin", passwordHash: demoHash });
      accounts.push({ role: "admin", email: DEMO_ADMIN.email, password: DEMO_PASSWORD });
    }
    await tx.insert(users).values(DEMO_TEACHERS.map((t) => ({ ...t, role: "teacher", passwordHash: demoHash })));
    await tx.insert(users).values(DEMO_STUDENTS.map((s) => ({ ...s, role: "student", passwordHash: demoHash })));
    for (const seeder of demoSeeders) await seeder(tx as unknown as Db);
  });
  accounts.push({ role: "teacher", email: DEMO_TEACHERS[0].email, password: DEMO_PASSWORD });
  accounts.push({ role: "student", email: DEMO_STUDENTS[0].email, password: DEMO_PASSWORD });
  return { created: "demo", accounts };
}

/** Feature seeders run after the demo users exist, in this order. */
export const demoSeeders: Array<(db: Db) => Promise<void>> = [];
demoSeeders.push(seedCoursesAndQuizzes);
demoSeeders.push(seedQuestionBank);
// After the courses: events of Mathematics, Integrated Science and English Language.
demoSeeders.push(seedCalendar);
// After the courses and quizzes: classmates, a closed Mathematics test and everyone's past submissions (issue 12).
demoSeeders.push(seedHistory);
// After the history (so its submissions leave this test alone): a class test with answers waiting for the Mathematics teacher's grade (decision 022).
demoSeeders.push(seedGradingDemo);
// Last: the quiz of every question type with written answers waiting for marks, and typed bank questions (issue 27).
demoSeeders.push(seedQuestionTypesDemo);
// After the classmates and courses (issue 28): JHS 3's first mock with its marks.
demoSeeders.push(seedMocksDemo);
// After the courses, the history's submissions and the classmates (issue 28): JHS 2's first term with its reports.
demoSeeders.push(seedTermsDemo);
