import { describe, expect, it } from "vitest";
import { render } from "@testing-library/react";
import { MantineProvider } from "@mantine/core";
import { parseRichText, RichText } from "./rich-text";

function html(text: string) {
  const { container } = render(
    <MantineProvider>
      <div data-testid="out">
        <RichText text={text} />
      </div>
    </MantineProvider>,
  );
  return container.querySelector<HTMLElement>('[data-testid="out"]')!;
}

describe("the announcement text renderer", () => {
  // [test, text, element, how many of it, the text a reader sees]
  it.each([
    ["keeps line breaks", "First line\nSecond line\r\nThird", "br", 2, "First lineSecond lineThird"],
    [
      "never links other schemes",
      "javascript:alert(1) data:text/html,<b>x</b> ftp://files.example",
      "a",
      0,
      "javascript:alert(1) data:text/html,<b>x</b> ftp://files.example",
    ],
  ])("%s", (_name, text, element, count, shown) => {
    const c = html(text);
    expect(c.querySelectorAll(element)).toHaveLength(count);
    expect(c.textContent).toBe(shown);
  });

  it("makes **bold** text strong and leaves an unpaired ** as typed", () => {
    const c = html("Bring your **PE kit** on Friday ** please");
    const strong = c.querySelectorAll("strong");
    expect(strong).toHaveLength(1);
    expect(strong[0]!.textContent).toBe("PE kit");
    expect(c.textContent).toContain("** please");
  });

  it("links http and https addresses with noopener noreferrer, leaving sentence punctuation outside", () => {
    const c = html("See https://ges.gov.gh/bece, or http://example.org.");
    const links = c.querySelectorAll("a");
    expect([...links].map((a) => a.getAttribute("href"))).toEqual(["https://ges.gov.gh/bece", "http://example.org"]);
    for (const a of links) expect(a.getAttribute("rel")).toBe("noopener noreferrer");
    expect(c.textContent).toBe("See https://ges.gov.gh/bece, or http://example.org.");
  });

  it("renders author HTML as inert text", () => {
    const c = html('<script>alert("x")</script><img src=x onerror=alert(1)> **<b>hi</b>**');
    expect(c.querySelector("script")).toBeNull();
    expect(c.querySelector("img")).toBeNull();
    expect(c.querySelector("b")).toBeNull();
    expect(c.querySelector("strong")!.textContent).toBe("<b>hi</b>");
    expect(c.textContent).toContain('<script>alert("x")</script>');
  });

  it("does not let a link swallow quotes or angle brackets", () => {
    expect(parseRichText('x https://a.example/"onmouseover=1')).toEqual([
      { kind: "text", text: "x " },
      { kind: "link", href: "https://a.example/" },
      { kind: "text", text: '"onmouseover=1' },
    ]);
  });

  it("links inside bold text", () => {
    expect(parseRichText("**Form: https://a.example/f**")).toEqual([
      { kind: "bold", text: "Form: " },
      { kind: "link", href: "https://a.example/f" },
    ]);
  });
});
