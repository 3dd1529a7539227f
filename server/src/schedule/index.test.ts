import { describe, expect, it } from "vitest";
import { buildCircularDocx } from "./circular-fixtures";
import { UnsupportedDocumentError, occurrencesOf, parseCircularFile, parseRecurrence } from "./index";

describe("occurrencesOf", () => {
  it("merges several events' occurrences in start order, each carrying its event", () => {
    const mondayStart = new Date("2027-01-25T08:00:00Z");
    const weekly = parseRecurrence("weekly on Monday", mondayStart);
    const events = [
      { id: "lessons", start: mondayStart, end: new Date("2027-01-25T09:00:00Z"), rrule: weekly.ok ? weekly.rrule : null },
      { id: "pta", start: new Date("2027-01-29T14:00:00Z"), end: new Date("2027-01-29T16:00:00Z"), rrule: null },
      { id: "broken", start: new Date("2027-01-27T10:00:00Z"), end: new Date("2027-01-27T11:00:00Z"), rrule: "FREQ=SOMETIMES" },
    ];
    const agenda = occurrencesOf(events, { from: new Date("2027-01-24T00:00:00Z"), to: new Date("2027-02-02T00:00:00Z") });
    expect(agenda.map((a) => [a.event.id, a.start.toISOString(), a.end.toISOString()])).toEqual([
      ["lessons", "2027-01-25T08:00:00.000Z", "2027-01-25T09:00:00.000Z"],
      ["broken", "2027-01-27T10:00:00.000Z", "2027-01-27T11:00:00.000Z"],
      ["pta", "2027-01-29T14:00:00.000Z", "2027-01-29T16:00:00.000Z"],
      ["lessons", "2027-02-01T08:00:00.000Z", "2027-02-01T09:00:00.000Z"],
    ]);
  });
});

describe("parseCircularFile", () => {
  it("reads a DOCX circular's bytes into event fields", async () => {
    const bytes = await buildCircularDocx(["SUBJECT: SPEECH DAY", "Speech day is on Saturday 5th December, 2026 at 9:00am prompt."]);
    expect(await parseCircularFile(bytes, { now: new Date("2026-10-01T00:00:00Z") })).toMatchObject({
      title: "SPEECH DAY",
      start: "2026-12-05T09:00:00.000Z",
    });
  });

  it("refuses bytes that are not a PDF or a DOCX", async () => {
    await expect(parseCircularFile(new Uint8Array([0x4d, 0x5a, 0x90, 0x00]))).rejects.toThrow(UnsupportedDocumentError);
  });
});
