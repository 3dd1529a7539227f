import { describe, expect, it } from "vitest";
import { applyHomography, homography, warpGray } from "./geometry.ts";

describe("homography", () => {
  it("takes each of four points to its partner, and points between them along", () => {
    const from = [
      { x: 0, y: 0 },
      { x: 100, y: 0 },
      { x: 100, y: 100 },
      { x: 0, y: 100 },
    ];
    const to = [
      { x: 10, y: 20 },
      { x: 130, y: 5 },
      { x: 120, y: 140 },
      { x: 0, y: 110 },
    ];
    const h = homography(from, to)!;
    for (let i = 0; i < 4; i++) {
      const p = applyHomography(h, from[i]);
      expect(p.x).toBeCloseTo(to[i].x, 6);
      expect(p.y).toBeCloseTo(to[i].y, 6);
    }
    const back = homography(to, from)!;
    const mid = applyHomography(back, applyHomography(h, { x: 37, y: 61 }));
    expect(mid.x).toBeCloseTo(37, 6);
    expect(mid.y).toBeCloseTo(61, 6);
  });

  it("answers null for three points on a line", () => {
    const line = [
      { x: 0, y: 0 },
      { x: 1, y: 1 },
      { x: 2, y: 2 },
      { x: 0, y: 5 },
    ];
    expect(homography(line, line)).toBeNull();
  });

  it("warps a picture: a dark pixel lands where the map sends it", () => {
    const src = { data: new Uint8Array(20 * 20).fill(255), width: 20, height: 20 };
    src.data[5 * 20 + 8] = 0;
    // Output is the source shifted by (3, 2): output (5, 3) looks up source (8, 5).
    const outToSrc = homography(
      [
        { x: 0, y: 0 },
        { x: 10, y: 0 },
        { x: 10, y: 10 },
        { x: 0, y: 10 },
      ],
      [
        { x: 3, y: 2 },
        { x: 13, y: 2 },
        { x: 13, y: 12 },
        { x: 3, y: 12 },
      ],
    )!;
    const out = warpGray(src, outToSrc, 16, 16);
    expect(out.data[3 * 16 + 5]).toBe(0);
    expect(out.data[3 * 16 + 6]).toBe(255);
    expect(out.data[15 * 16 + 15]).toBe(255);
  });
});
