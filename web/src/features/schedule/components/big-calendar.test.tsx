import { describe, expect, it } from "vitest";
import { screen } from "@testing-library/react";
import type { ScheduleOccurrence } from "@adesua/domain";
import { renderWithProviders } from "@/test/render";
import BigCalendar from "./big-calendar";

const quizWindow: ScheduleOccurrence = {
  key: "quiz-7",
  kind: "quiz",
  id: 7,
  eventId: null,
  quizId: 7,
  // As GET /schedules titles a quiz window (schedule.service quizEntry).
  title: "Quiz: Fractions test",
  start: "2026-03-10T09:00:00.000Z",
  end: "2026-03-10T11:00:00.000Z",
  allDay: false,
  courseId: 2,
  courseTitle: "Mathematics",
  recurring: false,
  quizMarker: "window",
  canEdit: false,
};

describe("BigCalendar", () => {
  it('shows a quiz window as the server titles it, without a second "Quiz: " (issue 24 §5)', async () => {
    renderWithProviders(
      <BigCalendar occurrences={[quizWindow]} view="agenda" date={new Date("2026-03-10T10:00:00Z")} onView={() => {}} onNavigate={() => {}} />,
    );
    const label = await screen.findByTitle(/^Quiz: Fractions test/);
    expect(label.textContent).toBe("Quiz: Fractions test");
    expect(document.body.textContent).not.toContain("Quiz: Quiz:");
  });
});
