import { describe, expect, it } from "vitest";
import { readClassList, readLevel, signInBase, uniqueSignIns } from "./class-list";

describe("class lists", () => {
  it.each([
    ["jhs1", "jhs1"],
    ["JHS 2", "jhs2"],
    ["JHS3B", "jhs3"],
    ["Form 1", "jhs1"],
    ["2", "jhs2"],
    ["Basic 7", "jhs1"],
    ["B9", "jhs3"],
    ["jhs4", null],
    ["2025", null],
  ])("reads the level %s as %s", (text, level) => expect(readLevel(text)).toBe(level));

  it("makes sign-in names from first and last names, plain letters, unique", () => {
    expect(signInBase("Kwame Nkrumah Mensah")).toBe("kwame.mensah");
    expect(signInBase("  Adwoa  Pokuá ")).toBe("adwoa.pokua");
    expect(signInBase("Ama")).toBe("ama");
    expect(signInBase("李")).toBe("student");
    expect(uniqueSignIns(["kofi.mensah", "kofi.mensah", "ama"], new Set(["kofi.mensah"]))).toEqual(["kofi.mensah2", "kofi.mensah3", "ama"]);
  });

  it("prefers the Class column over a Year column, and reads role words", () => {
    const r = readClassList([
      ["Year", "Name", "Class", "Type"],
      ["2024", "Kofi Mensah", "JHS 2", "pupil"],
      ["2024", "Mrs Ama Owusu", "", "Staff"],
    ]);
    expect(r).toEqual({
      ok: true,
      rows: [
        { row: 2, name: "Kofi Mensah", email: null, role: "student", studentType: "jhs2" },
        { row: 3, name: "Mrs Ama Owusu", email: null, role: "teacher", studentType: null },
      ],
    });
  });
});
