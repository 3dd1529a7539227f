import { sanitizeMathml } from "@adesua/domain/rules";
import { describe, expect, it } from "vitest";
import { ommlEquation, ommlParagraph } from "./omml.ts";
import { parseXml, type XmlElement } from "./xml.ts";

const r = (t: string) => `<m:r><m:t>${t}</m:t></m:r>`;
const eq = (inner: string) => ommlEquation(parseXml(`<m:oMath>${inner}</m:oMath>`).children[0] as XmlElement)!;

describe("Word equations (OMML) as linear text and MathML (issue 27)", () => {
  it.each([
    ["a superscript", `<m:sSup><m:e>${r("2")}</m:e><m:sup>${r("3")}</m:sup></m:sSup>`, "2^3", "<math><msup><mn>2</mn><mn>3</mn></msup></math>"],
    [
      "a bracketed base",
      `<m:sSup><m:e><m:d><m:e>${r("x+1")}</m:e></m:d></m:e><m:sup>${r("2")}</m:sup></m:sSup>`,
      "(x+1)^2",
      '<math><msup><mrow><mo fence="true">(</mo><mi>x</mi><mo>+</mo><mn>1</mn><mo fence="true">)</mo></mrow><mn>2</mn></msup></math>',
    ],
    ["a long base", `<m:sSup><m:e>${r("ab")}</m:e><m:sup>${r("n+1")}</m:sup></m:sSup>`, "(ab)^(n+1)", null],
    ["a subscript", `<m:sSub><m:e>${r("x")}</m:e><m:sub>${r("1")}</m:sub></m:sSub>`, "x_1", "<math><msub><mi>x</mi><mn>1</mn></msub></math>"],
    ["both scripts", `<m:sSubSup><m:e>${r("x")}</m:e><m:sub>${r("i")}</m:sub><m:sup>${r("2")}</m:sup></m:sSubSup>`, "x_i^2", null],
    ["a simple fraction", `<m:f><m:num>${r("1")}</m:num><m:den>${r("2")}</m:den></m:f>`, "1/2", "<math><mfrac><mn>1</mn><mn>2</mn></mfrac></math>"],
    ["a fraction of sums", `<m:f><m:num>${r("x+1")}</m:num><m:den>${r("2")}</m:den></m:f>`, "(x+1)/(2)", null],
    ["a square root", `<m:rad><m:radPr><m:degHide m:val="1"/></m:radPr><m:deg/><m:e>${r("x")}</m:e></m:rad>`, "√(x)", "<math><msqrt><mi>x</mi></msqrt></math>"],
    ["a cube root", `<m:rad><m:deg>${r("3")}</m:deg><m:e>${r("27")}</m:e></m:rad>`, "∛(27)", "<math><mroot><mn>27</mn><mn>3</mn></mroot></math>"],
    [
      "a sum",
      `<m:nary><m:naryPr><m:chr m:val="∑"/></m:naryPr><m:sub>${r("i=1")}</m:sub><m:sup>${r("n")}</m:sup><m:e>${r("i")}</m:e></m:nary>`,
      "∑_(i=1)^n i",
      null,
    ],
    ["square brackets", `<m:d><m:dPr><m:begChr m:val="["/><m:endChr m:val="]"/></m:dPr><m:e>${r("a")}</m:e><m:e>${r("b")}</m:e></m:d>`, "[a, b]", null],
    ["a function", `<m:func><m:fName>${r("sin")}</m:fName><m:e>${r("x")}</m:e></m:func>`, "sin(x)", null],
    ["an accent", `<m:acc><m:e>${r("x")}</m:e></m:acc>`, "x\u0302", null],
    ["a bar", `<m:bar><m:barPr><m:pos m:val="top"/></m:barPr><m:e>${r("x")}</m:e></m:bar>`, "x\u0305", null],
    ["a box", `<m:box><m:e>${r("y")}</m:e></m:box>`, "y", "<math><mi>y</mi></math>"],
    ["an equation array", `<m:eqArr><m:e>${r("x=1")}</m:e><m:e>${r("y=2")}</m:e></m:eqArr>`, "x=1; y=2", null],
    ["a matrix", `<m:m><m:mr><m:e>${r("1")}</m:e><m:e>${r("0")}</m:e></m:mr><m:mr><m:e>${r("0")}</m:e><m:e>${r("1")}</m:e></m:mr></m:m>`, "[1, 0; 0, 1]", null],
    ["plain runs with operators", `${r("3×4 = 12")}`, "3×4 = 12", "<math><mn>3</mn><mo>×</mo><mn>4</mn><mo>=</mo><mn>12</mn></math>"],
  ])("reads %s", (_, xml, linear, mathml) => {
    const e = eq(xml);
    expect(e.linear).toBe(linear);
    if (mathml) expect(e.mathml).toBe(mathml);
    // Every MathML written passes the domain's sanitiser unchanged.
    expect(sanitizeMathml(e.mathml)).toBe(e.mathml);
  });

  it("escapes text and reads every equation of a display paragraph", () => {
    const para = parseXml(`<m:oMathPara><m:oMath>${r("a&lt;b")}</m:oMath><m:oMath>${r("c")}</m:oMath></m:oMathPara>`).children[0] as XmlElement;
    const eqs = ommlParagraph(para);
    expect(eqs.map((e) => e.linear)).toEqual(["a<b", "c"]);
    expect(eqs[0].mathml).toBe("<math><mi>a</mi><mo>&lt;</mo><mi>b</mi></math>");
  });

  it("returns null for an empty equation", () => {
    expect(ommlEquation(parseXml("<m:oMath></m:oMath>").children[0] as XmlElement)).toBeNull();
  });
});
