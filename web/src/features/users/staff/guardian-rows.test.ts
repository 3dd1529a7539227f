import { describe, expect, it } from "vitest";
import { GUARDIAN_MESSAGES } from "@adesua/domain";
import { checkGuardians, draftsOf, phoneAsSent } from "./guardian-rows";

describe("guardians dialog checks", () => {
  it("sends two filled guardians as typed (trimmed), and drops an empty one", () => {
    const r = checkGuardians([
      { name: " Ama Mensah ", relationship: "Mother", phone: "024 123 4567" },
      { name: "", relationship: "", phone: " " },
    ]);
    expect(r.guardians).toEqual([{ name: "Ama Mensah", relationship: "Mother", phone: "024 123 4567" }]);
    expect(checkGuardians([{ name: "", relationship: "", phone: "" }]).guardians).toEqual([]);
  });

  it("names each missing field of a partly filled guardian, and a phone the server would refuse", () => {
    const r = checkGuardians([
      { name: "Kofi", relationship: "", phone: "12345" },
      { name: "", relationship: "Aunt", phone: "+233 24 123 4567" },
    ]);
    expect(r.guardians).toBeNull();
    expect(r.errors).toEqual([{ relationship: GUARDIAN_MESSAGES.relationship, phone: GUARDIAN_MESSAGES.phone }, { name: GUARDIAN_MESSAGES.name }]);
  });

  it("shows where messages will go", () => {
    expect(phoneAsSent("024 123 4567")).toBe("+233241234567");
    expect(phoneAsSent("0241")).toBeNull();
    expect(phoneAsSent("")).toBeNull();
  });

  it("opens with one empty guardian when the student has none", () => {
    expect(draftsOf([])).toEqual([{ name: "", relationship: "", phone: "" }]);
  });
});
