import { describe, expect, it } from "vitest";
import { decodeXmlText, escapeXmlText, sanitizeMathml } from "./mathml";

describe("sanitizeMathml", () => {
  it("keeps MathML Core presentation markup and its harmless attributes", () => {
    expect(sanitizeMathml("<math><msup><mn>2</mn><mn>3</mn></msup></math>")).toBe("<math><msup><mn>2</mn><mn>3</mn></msup></math>");
    expect(sanitizeMathml('<math display="block"><mi mathvariant="bold">x</mi><mo stretchy="false">=</mo><mn>7</mn></math>')).toBe(
      '<math display="block"><mi mathvariant="bold">x</mi><mo stretchy="false">=</mo><mn>7</mn></math>',
    );
    expect(sanitizeMathml('<math><mfrac><mn>1</mn><mn>2</mn></mfrac><mspace width="1em"/></math>')).toBe(
      '<math><mfrac><mn>1</mn><mn>2</mn></mfrac><mspace width="1em"/></math>',
    );
  });
  it("reads namespaced and upper-case tags (Word's mml: prefix)", () => {
    expect(sanitizeMathml('<mml:math xmlns:mml="http://www.w3.org/1998/Math/MathML"><mml:mi>x</mml:mi></mml:math>')).toBe("<math><mi>x</mi></math>");
    expect(sanitizeMathml("<MATH><MI>x</MI></MATH>")).toBe("<math><mi>x</mi></math>");
  });
  it("is null when there is no <math> element", () => {
    expect(sanitizeMathml("")).toBeNull();
    expect(sanitizeMathml("x^2")).toBeNull();
    expect(sanitizeMathml("<mi>x</mi>")).toBeNull();
    expect(sanitizeMathml("<script>alert(1)</script>")).toBeNull();
    expect(sanitizeMathml("<div><math><mi>x</mi></math></div>")).toBe("<math><mi>x</mi></math>");
  });
  it("drops scripts with their content, wherever they are", () => {
    for (const bad of [
      "<math><script>alert(1)</script><mi>x</mi></math>",
      "<math><mi>x</mi><SCRIPT type='text/javascript'>alert(1)</SCRIPT></math>",
      "<math><mi>x</mi><script/><script >alert(1)</script ></math>",
      "<math><mi>x</mi><mml:script>alert(1)</mml:script></math>",
      "<math><mi>x</mi><style>*{background:url(javascript:alert(1))}</style></math>",
      "<math><mi>x</mi><iframe src='javascript:alert(1)'>alert(1)</iframe></math>",
    ]) {
      const out = sanitizeMathml(bad)!;
      expect(out, bad).toBe("<math><mi>x</mi></math>");
    }
  });
  it("drops event handlers, links and styles on kept elements", () => {
    const out = sanitizeMathml(
      '<math onload="alert(1)"><mi onclick="alert(1)" href="javascript:alert(1)" style="color:red" xlink:href="javascript:alert(2)" mathvariant="italic">x</mi></math>',
    );
    expect(out).toBe('<math><mi mathvariant="italic">x</mi></math>');
    expect(out).not.toMatch(/on\w+=|javascript|href|style/i);
  });
  it("refuses attribute values that are not plain (javascript:, expressions, entity-encoded schemes)", () => {
    expect(sanitizeMathml('<math><mspace width="javascript:alert(1)"/></math>')).toBe("<math><mspace/></math>");
    expect(sanitizeMathml('<math><mspace width="expression(alert(1))"/></math>')).toBe("<math><mspace/></math>");
    expect(sanitizeMathml('<math><mi mathvariant="&#106;avascript&#58;alert(1)">x</mi></math>')).toBe("<math><mi>x</mi></math>");
    expect(sanitizeMathml('<math><mi mathvariant="a&quot; onclick=&quot;alert(1)">x</mi></math>')).toBe("<math><mi>x</mi></math>");
  });
  it("drops foreignObject, svg, annotation-xml (HTML inside MathML) with their content", () => {
    expect(sanitizeMathml("<math><mi>x</mi><foreignObject><img src=x onerror=alert(1)></foreignObject></math>")).toBe("<math><mi>x</mi></math>");
    expect(sanitizeMathml("<math><mi>x</mi><svg><script>alert(1)</script></svg></math>")).toBe("<math><mi>x</mi></math>");
    expect(
      sanitizeMathml('<math><semantics><mi>x</mi><annotation-xml encoding="text/html"><img src=x onerror=alert(1)></annotation-xml></semantics></math>'),
    ).toBe("<math><semantics><mi>x</mi></semantics></math>");
    expect(sanitizeMathml("<math><semantics><mi>x</mi><annotation encoding='TeX'>x</annotation></semantics></math>")).toBe(
      "<math><semantics><mi>x</mi></semantics></math>",
    );
  });
  it("unknown elements lose their tags but keep their text, escaped", () => {
    expect(sanitizeMathml("<math><mi>x</mi><img src=x onerror=alert(1)><b>bold</b></math>")).toBe("<math><mi>x</mi>bold</math>");
    expect(sanitizeMathml('<math><a href="javascript:alert(1)"><mi>x</mi></a></math>')).toBe("<math><mi>x</mi></math>");
  });
  it("entities and CDATA become escaped text, never markup", () => {
    expect(sanitizeMathml("<math><mtext>&lt;script&gt;alert(1)&lt;/script&gt;</mtext></math>")).toBe(
      "<math><mtext>&lt;script&gt;alert(1)&lt;/script&gt;</mtext></math>",
    );
    expect(sanitizeMathml("<math><mtext><![CDATA[<script>alert(1)</script>]]></mtext></math>")).toBe(
      "<math><mtext>&lt;script&gt;alert(1)&lt;/script&gt;</mtext></math>",
    );
    expect(sanitizeMathml("<math><mo>&times;</mo><mo>&#x2212;</mo><mo>&#8722;</mo><mi>&unknown;</mi></math>")).toBe(
      "<math><mo>×</mo><mo>−</mo><mo>−</mo><mi>&amp;unknown;</mi></math>",
    );
  });
  it("drops comments and processing instructions, and closes what was left open", () => {
    expect(sanitizeMathml("<?xml version='1.0'?><!-- <script>alert(1)</script> --><math><mrow><mi>x</mi></math>")).toBe("<math><mrow><mi>x</mi></mrow></math>");
    expect(sanitizeMathml("<math><mrow><mi>x</mrow></math>")).toBe("<math><mrow><mi>x</mi></mrow></math>");
    expect(sanitizeMathml("<math><mi>x</mi></mrow></math>")).toBe("<math><mi>x</mi></math>");
  });
  it("keeps one <math> only: a nested one and anything after the first is dropped", () => {
    expect(sanitizeMathml("<math><math><mi>x</mi></math></math>")).toBe("<math><mi>x</mi></math>");
    expect(sanitizeMathml("<math><mi>x</mi></math><script>alert(1)</script><mi>y</mi>")).toBe("<math><mi>x</mi></math>");
  });
  it("is idempotent", () => {
    const once = sanitizeMathml('<math display="block"><msup><mi>x</mi><mn>2</mn></msup><mo>=</mo><mn>49</mn><mtext>a &amp; b</mtext></math>')!;
    expect(sanitizeMathml(once)).toBe(once);
  });
});

describe("decodeXmlText and escapeXmlText", () => {
  it("decodes named, decimal and hex entities; out-of-range code points go", () => {
    expect(decodeXmlText("a &amp; b &lt;c&gt; &quot;d&quot; &apos;e&apos;")).toBe("a & b <c> \"d\" 'e'");
    expect(decodeXmlText("&#65;&#x42;&#X43;&nbsp;&minus;&divide;")).toBe("ABC\u00a0\u2212\u00f7");
    expect(decodeXmlText("&#0;&#x110000;")).toBe("");
    expect(decodeXmlText("&bogus; & plain")).toBe("&bogus; & plain");
  });
  it("escapes what would start markup or end an attribute", () => {
    expect(escapeXmlText(`<a href="x">&</a>`)).toBe("&lt;a href=&quot;x&quot;&gt;&amp;&lt;/a&gt;");
    expect(decodeXmlText(escapeXmlText(`<&">`))).toBe(`<&">`);
  });
});
