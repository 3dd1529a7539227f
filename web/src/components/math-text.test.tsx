import { describe, expect, it, vi } from "vitest";
import { render } from "@testing-library/react";
import { MathText, mathPieces } from "./math-text";

const drawn = async (text: string, mathml: string, linear = "x^2") => {
  const { container } = render(
    <p>
      <MathText text={text} equations={[{ linear, mathml }]} />
    </p>,
  );
  // The MathML drawing loads lazily; until then (and for MathML it refuses) the linear text shows.
  await vi.waitFor(() => expect(container.querySelector("math") ?? container.textContent === text).toBeTruthy());
  await new Promise((r) => setTimeout(r, 20));
  return container;
};

describe("MathText", () => {
  it("splits a text at its equations' linear forms, in order", () => {
    expect(mathPieces("If x^2 = 49, find x", [{ linear: "x^2", mathml: "<math/>" }])).toEqual([
      { kind: "text", text: "If " },
      { kind: "math", linear: "x^2", mathml: "<math/>" },
      { kind: "text", text: " = 49, find x" },
    ]);
    expect(mathPieces("No equation here", undefined)).toEqual([{ kind: "text", text: "No equation here" }]);
  });

  it("draws the equation as MathML, keeping the text around it", async () => {
    const c = await drawn("If x^2 = 49, find x", "<math><msup><mi>x</mi><mn>2</mn></msup></math>");
    await vi.waitFor(() => expect(c.querySelector("math msup mi")?.textContent).toBe("x"));
    expect(c.textContent).toContain("If ");
    expect(c.textContent).toContain(" = 49, find x");
  });

  it("never lets a script, an event handler or a link reach the page", async () => {
    const evil =
      '<math onclick="alert(1)"><mi onmouseover="alert(2)">x</mi><script>alert(3)</script><mtext><img src=x onerror="alert(4)"></mtext><a href="javascript:alert(5)">y</a><mn style="color:red">2</mn></math>';
    const c = await drawn("If x^2 = 49", evil);
    await vi.waitFor(() => expect(c.querySelector("math")).not.toBeNull());
    const html = c.innerHTML.toLowerCase();
    for (const bad of ["<script", "onclick", "onmouseover", "onerror", "<img", "<a ", "javascript:", "style=", "alert(3)"]) expect(html).not.toContain(bad);
    expect(c.querySelectorAll("*").length).toBeGreaterThan(1);
    for (const el of c.querySelectorAll("*")) for (const a of el.attributes) expect(a.name.startsWith("on")).toBe(false);
  });

  it("shows the linear text when the MathML is not MathML at all (no HTML is ever drawn)", async () => {
    const c = await drawn("If x^2 = 49", '<img src=x onerror="alert(1)">');
    await new Promise((r) => setTimeout(r, 50));
    expect(c.querySelector("img")).toBeNull();
    expect(c.querySelector("math")).toBeNull();
    expect(c.textContent).toBe("If x^2 = 49");
  });

  it("is plain, escaped text without equations", () => {
    const { container } = render(
      <p>
        <MathText text="<b>bold</b> & more" />
      </p>,
    );
    expect(container.querySelector("b")).toBeNull();
    expect(container.textContent).toBe("<b>bold</b> & more");
  });
});
