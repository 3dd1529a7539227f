import { describe, expect, it } from "vitest";
import { applyAppStyles } from "./app-styles";

describe("the app's stylesheets, preloaded by index.html", () => {
  it("are applied as stylesheets, and the first render waits until they have loaded", async () => {
    document.head.innerHTML =
      '<link rel="preload" as="style" crossorigin href="/assets/index-1.css" data-app-css><link rel="preload" as="style" crossorigin href="/assets/ui-2.css" data-app-css><link rel="preload" as="script" href="/x.js">';
    let done = false;
    const ready = applyAppStyles().then(() => (done = true));
    const sheets = Array.from(document.querySelectorAll<HTMLLinkElement>('link[rel="stylesheet"]'));
    expect(sheets.map((l) => new URL(l.href).pathname)).toEqual(["/assets/index-1.css", "/assets/ui-2.css"]);
    expect(sheets.every((l) => l.crossOrigin === "")).toBe(true);
    await Promise.resolve();
    expect(done).toBe(false);
    sheets[0]!.dispatchEvent(new Event("load"));
    sheets[1]!.dispatchEvent(new Event("error")); // a failed sheet does not keep the app from starting
    await ready;
    expect(done).toBe(true);
  });

  it("resolves at once when there is nothing to apply (the dev server)", async () => {
    document.head.innerHTML = "";
    await expect(applyAppStyles()).resolves.toBeUndefined();
  });
});
