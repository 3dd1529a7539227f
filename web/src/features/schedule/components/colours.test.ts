import { describe, expect, it } from "vitest";
import type { ScheduleOccurrence } from "@adesua/domain";
import { entryTitle, legendOf, MOCK_COLOUR, MOCK_LABEL, mockPaperLine, swatchOf } from "./colours";

const start = new Date(2027, 2, 8, 9, 0).toISOString();
const end = new Date(2027, 2, 8, 10, 30).toISOString();
const paper: ScheduleOccurrence = {
  key: "mock-41",
  kind: "mock",
  id: 41,
  eventId: null,
  quizId: null,
  title: "Mathematics Paper 1",
  start,
  end,
  allDay: false,
  courseId: 3,
  courseTitle: "Mathematics",
  recurring: false,
  quizMarker: null,
  canEdit: false,
  mock: { id: 5, title: "JHS 3 Second Mock", paperId: 41, subject: "Mathematics", paper: "Paper 1" },
};
const event: ScheduleOccurrence = {
  ...paper,
  key: "event-1",
  kind: "event",
  id: 1,
  eventId: 1,
  title: "PTA meeting",
  courseId: null,
  courseTitle: null,
  mock: null,
};

describe("mock papers on the calendar", () => {
  it("have their own colour and label, not the course's", () => {
    expect(swatchOf(paper)).toEqual({ background: MOCK_COLOUR, color: "#ffffff", label: MOCK_LABEL });
  });

  it("are named in full, with the time on the detail line", () => {
    expect(entryTitle(paper)).toBe("JHS 3 Second Mock: Mathematics, Paper 1");
    expect(mockPaperLine(paper)).toBe("JHS 3 Second Mock: Mathematics, Paper 1, 9:00–10:30");
    expect(entryTitle(event)).toBe("PTA meeting");
    expect(mockPaperLine(event)).toBeNull();
  });

  it("appear in the legend only when the range has one", () => {
    expect(legendOf([event]).map((s) => s.label)).not.toContain(MOCK_LABEL);
    expect(legendOf([event, paper]).map((s) => s.label)).toContain(MOCK_LABEL);
  });
});
