import fs from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";

const web = path.resolve(__dirname, "../..");

describe("index.html's icon (decision 035)", () => {
  it("is web/public/favicon.svg inline, so a first load makes no request for it and the two cannot drift apart", () => {
    const html = fs.readFileSync(path.join(web, "index.html"), "utf8");
    const href = /<link\s+rel="icon"\s+href="data:image\/svg\+xml,([^"]+)"/.exec(html)?.[1];
    expect(href).toBeDefined();
    const svg = fs.readFileSync(path.join(web, "public/favicon.svg"), "utf8").trim();
    expect(decodeURIComponent(href!).replace(/'/g, '"')).toBe(svg);
  });
});
