import { eq, inArray } from "drizzle-orm";
import { parseRecurrence } from "@adesua/domain/recurrence";
import type { Db } from "../../db/client";
import { announcements, courses, scheduleEvents, scheduleExceptions, users } from "../../db/schema";
import { seriesEndOf } from "../schedule/schedule.service";

const DAY = 86_400_000;
/** `weekday` (0 = Monday) of the week `weeks` after this one, at hh:mm in the school's zone (Africa/Accra is UTC). */
function at(thisMonday: number, weeks: number, weekday: number, hh: number, mm = 0): Date {
  return new Date(thisMonday + (weeks * 7 + weekday) * DAY + (hh * 60 + mm) * 60_000);
}

/**
 * The demo school's term calendar, relative to today so that it shows on a fresh start: recurring
 * lessons, morning assembly (with one cancelled morning), a mock examination week, a PTA meeting,
 * and two announcements.
 */
export async function seedCalendar(db: Db): Promise<void> {
  const today = new Date();
  const midnight = Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate());
  const thisMonday = midnight - ((today.getUTCDay() + 6) % 7) * DAY;

  const [admin] = await db.select({ id: users.id }).from(users).where(eq(users.role, "admin")).limit(1);
  const subjectCourses = await db
    .select({ id: courses.id, title: courses.title, teacherId: courses.teacherId })
    .from(courses)
    .where(inArray(courses.title, ["Mathematics", "Integrated Science", "English Language"]));
  const course = new Map(subjectCourses.map((c) => [c.title, c]));

  type Seed = { title: string; description: string; start: Date; end: Date; recurrence: string; course?: string };
  const pta = at(thisMonday, 2, 4, 14);
  const seeds: Seed[] = [
    {
      title: "Morning assembly",
      description: "Whole school at the assembly ground.",
      start: at(thisMonday, 0, 0, 7, 30),
      end: at(thisMonday, 0, 0, 8),
      recurrence: "every weekday for 12 weeks",
    },
    {
      title: "Mathematics extra class",
      description: "Extra practice for BECE candidates, Room 3.",
      start: at(thisMonday, 0, 1, 14),
      end: at(thisMonday, 0, 1, 15),
      recurrence: "weekly on Tuesday and Thursday for 12 weeks",
      course: "Mathematics",
    },
    {
      title: "Science practical",
      description: "Laboratory session: bring your practical notebook.",
      start: at(thisMonday, 0, 2, 10),
      end: at(thisMonday, 0, 2, 11, 30),
      recurrence: "weekly on Wednesday for 12 weeks",
      course: "Integrated Science",
    },
    {
      title: "Reading club",
      description: "Library, every other Friday.",
      start: at(thisMonday, 0, 4, 15),
      end: at(thisMonday, 0, 4, 16),
      recurrence: "every 2 weeks on Friday for 12 weeks",
      course: "English Language",
    },
    {
      title: "Mock examinations",
      description: "BECE mock examinations for JHS 3, 8:00 am to 2:00 pm each day. Candidates must be seated by 7:45 am.",
      start: at(thisMonday, 3, 0, 8),
      end: at(thisMonday, 3, 0, 14),
      recurrence: "daily 5 times",
    },
    {
      title: "PTA meeting",
      description: "All parents and guardians are invited to the PTA meeting at the school hall.",
      start: pta,
      end: new Date(pta.getTime() + 150 * 60_000),
      recurrence: "",
    },
  ];

  const rows = seeds.map((s) => {
    const rule = parseRecurrence(s.recurrence, s.start);
    if (!rule.ok) throw new Error(`demo calendar: ${rule.error}`);
    const c = s.course ? course.get(s.course) : undefined;
    return {
      title: s.title,
      description: s.description,
      startAt: s.start,
      endAt: s.end,
      rrule: rule.rrule,
      seriesEndAt: seriesEndOf(s.start, s.end, rule.rrule),
      courseId: c?.id ?? null,
      createdBy: c?.teacherId ?? admin?.id ?? null,
    };
  });
  const inserted = await db.insert(scheduleEvents).values(rows).returning({ id: scheduleEvents.id, title: scheduleEvents.title });
  // No assembly on the morning of the PTA meeting (a cancelled occurrence of the series).
  const assembly = inserted.find((r) => r.title === "Morning assembly")!;
  await db.insert(scheduleExceptions).values({ eventId: assembly.id, occurrenceStart: at(thisMonday, 2, 4, 7, 30) });

  const mockStart = at(thisMonday, 3, 0, 0);
  await db.insert(announcements).values([
    {
      title: "Welcome to the new term",
      content: "Welcome back! Check your **Calendar** for lessons, quizzes and the mock examinations.\nSee the GES calendar at https://ges.gov.gh",
      startDate: null,
      endDate: null,
      createdBy: admin?.id ?? null,
    },
    {
      title: "Mock examinations",
      content: `The BECE mock examinations run from Monday ${mockStart.toISOString().slice(0, 10)} for five days.\nCandidates must be seated by **7:45 am** each day.`,
      startDate: new Date(midnight - DAY),
      endDate: new Date(mockStart.getTime() + 5 * DAY - 1),
      createdBy: admin?.id ?? null,
    },
  ]);
}
