import { describe, expect, it } from "vitest";
import { shortcut, timeZoneNote, toLocalInput } from "./date-time-field";

describe("date and time shortcuts", () => {
  const now = new Date(2026, 2, 10, 14, 37, 12);

  it("fills Now to the minute", () => {
    expect(shortcut("now", "", now)).toBe("2026-03-10T14:37");
  });

  it("adds an hour to the field's time, or to now when it is empty", () => {
    expect(shortcut("plusHour", "2026-03-10T23:30", now)).toBe("2026-03-11T00:30");
    expect(shortcut("plusHour", "", now)).toBe("2026-03-10T15:37");
  });

  it("sets tomorrow at 8:00, across the end of a month", () => {
    expect(shortcut("tomorrow8", "", now)).toBe("2026-03-11T08:00");
    expect(shortcut("tomorrow8", "", new Date(2026, 2, 31, 22, 0))).toBe("2026-04-01T08:00");
  });

  it("writes what a datetime-local input holds", () => {
    expect(toLocalInput(new Date(2026, 0, 5, 7, 3))).toBe("2026-01-05T07:03");
  });
});

describe("time zone note", () => {
  const at = new Date("2026-07-01T12:00:00Z");
  it("names the school's zone", () => {
    expect(timeZoneNote("Africa/Accra", at)).toBe("School time zone: Africa/Accra (UTC+0).");
    // Another zone at the same offset needs no warning.
    expect(timeZoneNote("UTC", at)).toBe("School time zone: Africa/Accra (UTC+0).");
  });
  it("names the device's zone when it differs", () => {
    expect(timeZoneNote("Europe/London", at)).toBe(
      "School time zone: Africa/Accra (UTC+0). This device is set to Europe/London (UTC+1): the times you enter here are in that zone.",
    );
  });
});
