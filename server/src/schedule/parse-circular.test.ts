import { describe, expect, it } from "vitest";
import { buildCircularDocx, buildCircularPdf } from "./circular-fixtures";
import { UnreadableDocumentError, UnsupportedDocumentError, extractText, sniffDocument } from "./extract-text";
import { parseCircular } from "./parse-circular";

const NOW = new Date("2026-10-01T09:00:00Z");

const PTA_LETTER = [
  "ADESUA JUNIOR HIGH SCHOOL",
  "P.O. Box 123, Kumasi",
  "Tel: 0244 000 000",
  "",
  "2nd November, 2026",
  "",
  "Dear Parent/Guardian,",
  "",
  "RE: PTA GENERAL MEETING",
  "",
  "We wish to inform you that the PTA General Meeting will take place on Friday, 4th December 2026 at 2:00 pm in the school assembly hall.",
  "",
  "Your attendance is very important.",
  "",
  "Yours faithfully,",
  "Kwame Mensah (Headmaster)",
];

describe("parseCircular", () => {
  it('reads a letter: "RE:" subject as title, "Friday, 4th December 2026 at 2:00 pm", no end, the announcing sentence, the full text', () => {
    const text = PTA_LETTER.join("\n");
    expect(parseCircular(text, { now: NOW })).toEqual({
      title: "PTA GENERAL MEETING",
      description: "We wish to inform you that the PTA General Meeting will take place on Friday, 4th December 2026 at 2:00 pm in the school assembly hall.",
      start: "2026-12-04T14:00:00.000Z",
      end: null,
      recurrence: "",
      content: text,
    });
  });

  // Dates written in different ways: each circular's text and what is read from it.
  const dated = [
    {
      name: 'reads "05/12/2026" day first and "2pm – 4pm" as the start and end times',
      text: "SUBJECT: INTER-HOUSE SPORTS\nDate: 20/10/2026\nThe inter-house sports competition comes off on 05/12/2026, 2pm – 4pm at the school park.",
      read: {
        title: "INTER-HOUSE SPORTS",
        start: "2026-12-05T14:00:00.000Z",
        end: "2026-12-05T16:00:00.000Z",
        description: "The inter-house sports competition comes off on 05/12/2026, 2pm – 4pm at the school park.",
      },
    },
    {
      name: 'reads "from Monday 12th to Friday 16th January" as whole days, taking the year from the document\'s own date',
      text: "NOTICE\nMOCK EXAMINATIONS\n15th December, 2026\nThe JHS 3 mock examinations will be held from Monday 12th to Friday 16th January. Candidates should be seated early.",
      read: {
        title: "MOCK EXAMINATIONS",
        start: "2027-01-12T00:00:00.000Z",
        end: "2027-01-17T00:00:00.000Z",
        recurrence: "",
        description: "The JHS 3 mock examinations will be held from Monday 12th to Friday 16th January.",
      },
    },
  ];
  for (const { name, text, read } of dated) {
    it(name, () => {
      expect(parseCircular(text, { now: NOW })).toMatchObject(read);
    });
  }

  it('reads "on Saturday 7th November, 2026 at 9:00am prompt"', () => {
    const parsed = parseCircular("RE: CLEAN-UP EXERCISE\n\nAll students should report on Saturday 7th November, 2026 at 9:00am prompt with cutlasses.", {
      now: NOW,
    });
    expect(parsed).toMatchObject({ title: "CLEAN-UP EXERCISE", start: "2026-11-07T09:00:00.000Z", end: null });
  });

  it('reads "2.00 p.m." written with a dot, and a time written in a sentence apart from the date', () => {
    const parsed = parseCircular("RE: SPEECH AND PRIZE-GIVING DAY\nThe ceremony is on Thursday 10th December, 2026. It starts at 10.30 a.m. sharp.", {
      now: NOW,
    });
    expect(parsed).toMatchObject({ start: "2026-12-10T10:30:00.000Z", end: null });
  });

  it('reads "every Friday" bounded by the dates around it as a weekly rule with an end', () => {
    const parsed = parseCircular("SUBJECT: CLUB MEETINGS\nClubs will meet every Friday from 2pm - 3pm starting 6th November 2026 until 11th December.", {
      now: NOW,
    });
    expect(parsed).toMatchObject({
      start: "2026-11-06T14:00:00.000Z",
      end: "2026-11-06T15:00:00.000Z",
      recurrence: "FREQ=WEEKLY;BYDAY=FR;UNTIL=20261211T235959Z",
    });
  });

  it('reads "weekly" on the weekday of the event, bounded by the two-year limit', () => {
    const parsed = parseCircular("RE: STAFF BRIEFING\nStaff briefing holds weekly, starting on Monday 2nd November, 2026 at 7:30 am.", { now: NOW });
    expect(parsed).toMatchObject({ start: "2026-11-02T07:30:00.000Z", recurrence: "FREQ=WEEKLY;BYDAY=MO;UNTIL=20281102T073000Z" });
  });

  it("takes year-less dates after the document's date, else after now", () => {
    const body = "RE: OPEN DAY\nOpen day is on Saturday 3rd April. Parents may visit from 10.00am.";
    expect(parseCircular(`15th March, 2027\n${body}`, { now: NOW }).start).toBe("2027-04-03T10:00:00.000Z");
    expect(parseCircular(body, { now: new Date("2027-05-01T00:00:00Z") }).start).toBe("2028-04-03T10:00:00.000Z");
  });

  it("reads the first heading when there is no subject line, skipping the letterhead and the date", () => {
    const parsed = parseCircular("ADESUA JHS\nPost Office Box 55, Tamale\n3rd November 2026\nNOTICE\nVACATION DATE\nSchool vacates on 18th December 2026.", {
      now: NOW,
    });
    expect(parsed).toMatchObject({ title: "VACATION DATE", start: "2026-12-18T00:00:00.000Z", end: "2026-12-19T00:00:00.000Z" });
  });

  it("takes a date standing alone below the title as the event's, one above it as the document's", () => {
    const notice = "INTER-HOUSE SPORTS\nSaturday 5th December 2026\nVenue: school park, 8:00 am.";
    expect(parseCircular(notice, { now: NOW })).toMatchObject({ title: "INTER-HOUSE SPORTS", start: "2026-12-05T08:00:00.000Z", end: null });
    const letter = "Friday 2nd October 2026\nINTER-HOUSE SPORTS\nThe sports come off on Saturday 5th December.";
    expect(parseCircular(letter, { now: new Date("2027-06-01T00:00:00Z") })).toMatchObject({ start: "2026-12-05T00:00:00.000Z" });
  });

  it("reads a notice's Date / Time / Venue block as the event", () => {
    const notice = "NOTICE\nPTA MEETING\nDate: Friday, 4th December, 2026\nTime: 2:00 pm - 4:30 pm\nVenue: School Assembly Hall\nAll parents are invited.";
    expect(parseCircular(notice, { now: NOW })).toMatchObject({
      title: "PTA MEETING",
      start: "2026-12-04T14:00:00.000Z",
      end: "2026-12-04T16:30:00.000Z",
      description: "Friday, 4th December, 2026 Time: 2:00 pm - 4:30 pm Venue: School Assembly Hall All parents are invited.",
    });
  });

  it("gives times in the school's zone, which is a parameter", () => {
    const text = "RE: PTA MEETING\nThe meeting is on Friday, 4th December 2026 at 2:00 pm.";
    expect(parseCircular(text, { now: NOW }).start).toBe("2026-12-04T14:00:00.000Z");
    expect(parseCircular(text, { now: NOW, timeZone: "Africa/Lagos" }).start).toBe("2026-12-04T13:00:00.000Z");
  });

  it("reads a very long text (2 MB, long and many lines) and still finds the event announced at the top", () => {
    const text = `RE: SPORTS DAY\nSports day is on 05/12/2026 at 8am.\n${"Lorem ipsum dolor sit amet 1/2/3. ".repeat(30_000)}\n${"x".repeat(60)}\n`.repeat(2);
    expect(text.length).toBeGreaterThan(2_000_000);
    expect(parseCircular(text, { now: NOW })).toMatchObject({ title: "SPORTS DAY", start: "2026-12-05T08:00:00.000Z" });
  });

  it("leaves empty what it cannot find", () => {
    const text = "Dear Students,\nPlease note that the library will be closed for stock-taking.";
    expect(parseCircular(text, { now: NOW })).toEqual({
      title: "",
      description: "Please note that the library will be closed for stock-taking.",
      start: null,
      end: null,
      recurrence: "",
      content: text,
    });
    expect(parseCircular("", { now: NOW })).toEqual({ title: "", description: "", start: null, end: null, recurrence: "", content: "" });
  });
});

describe("circular files end to end", () => {
  const expected = {
    title: "PTA GENERAL MEETING",
    start: "2026-12-04T14:00:00.000Z",
    end: null,
    description: "We wish to inform you that the PTA General Meeting will take place on Friday, 4th December 2026 at 2:00 pm in the school assembly hall.",
  };

  it("reads a generated DOCX circular", async () => {
    const bytes = await buildCircularDocx(PTA_LETTER);
    expect(sniffDocument(bytes)).toBe("docx");
    const text = await extractText(bytes);
    const parsed = parseCircular(text, { now: NOW });
    expect(parsed).toMatchObject(expected);
    expect(parsed.content).toContain("Kwame Mensah (Headmaster)");
  });

  it("reads a generated PDF circular, whose lines wrap mid-sentence", async () => {
    const lines = PTA_LETTER.flatMap((l) =>
      l.startsWith("We wish")
        ? ["We wish to inform you that the PTA General Meeting will take place on Friday,", "4th December 2026 at 2:00 pm in the school assembly hall."]
        : [l],
    );
    const bytes = buildCircularPdf(lines);
    expect(sniffDocument(bytes)).toBe("pdf");
    const parsed = parseCircular(await extractText(bytes), { now: NOW });
    expect(parsed).toMatchObject(expected);
    expect(parsed.content).toContain("Kwame Mensah (Headmaster)");
  });

  it("reads an en dash and a day-first date from a PDF", async () => {
    const bytes = buildCircularPdf(["SUBJECT: SPORTS DAY", "Sports day comes off on 05/12/2026, 2pm – 4pm."]);
    expect(parseCircular(await extractText(bytes), { now: NOW })).toMatchObject({
      start: "2026-12-05T14:00:00.000Z",
      end: "2026-12-05T16:00:00.000Z",
    });
  });

  it("reports a damaged PDF or DOCX as unreadable, not as a crash", async () => {
    const pdf = buildCircularPdf(["RE: PTA MEETING", "On 4th December 2026."]);
    await expect(extractText(pdf.subarray(0, 40))).rejects.toThrow(UnreadableDocumentError);
    await expect(extractText(new TextEncoder().encode("%PDF-1.7\n" + "garbage ".repeat(100)))).rejects.toThrow("The PDF file could not be read");
    const docx = await buildCircularDocx(["RE: PTA MEETING"]);
    const damaged = new Uint8Array(docx);
    damaged.fill(0x41, 200, 260);
    damaged.fill(0, docx.length - 30);
    expect(sniffDocument(damaged)).toBe("docx");
    await expect(extractText(damaged)).rejects.toThrow("The Word file could not be read");
  });

  it("refuses bytes that are neither PDF nor DOCX, whatever they are called", async () => {
    await expect(extractText(new TextEncoder().encode("RE: PTA MEETING on Friday"))).rejects.toThrow(UnsupportedDocumentError);
    const zipNotWord = new Uint8Array([0x50, 0x4b, 0x03, 0x04, ...new TextEncoder().encode("xl/workbook.xml")]);
    expect(sniffDocument(zipNotWord)).toBeNull();
    await expect(extractText(zipNotWord)).rejects.toThrow("Only .pdf and .docx files can be parsed");
  });
});
