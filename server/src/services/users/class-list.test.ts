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
        { row: 2, name: "Kofi Mensah", email: null, role: "student", studentType: "jhs2", stream: null },
        { row: 3, name: "Mrs Ama Owusu", email: null, role: "teacher", studentType: null, stream: null },
      ],
    });
  });

  it('keeps the class within the level: "JHS 1B" is JHS 1, stream B (issue 24)', () => {
    const r = readClassList([
      ["Name", "Class"],
      ["Ama Mensah", "JHS 1B"],
      ["Kojo Asante", "Form 3 c"],
      ["Esi Ansah", "JHS 2"],
    ]);
    expect(r.ok && r.rows.map((x) => [x.studentType, x.stream])).toEqual([
      ["jhs1", "B"],
      ["jhs3", "C"],
      ["jhs2", null],
    ]);
  });
});
