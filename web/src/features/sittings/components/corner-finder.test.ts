import { describe, expect, it } from "vitest";
import { cornersSteady, findCorners, sheetInView, type Frame, type Pt } from "./corner-finder";

const W = 200;
const H = 266;
/** The printed page's corner squares (A4 points): side 28, 30 from the edges; the QR code near the top right. */
const PAGE = { w: 595, h: 842 };
const MARKERS = [
  { x: 44, y: 44 },
  { x: 551, y: 44 },
  { x: 551, y: 798 },
  { x: 44, y: 798 },
];

/**
 * A frame of a sheet: paper `paper` on a background `bg`; the page placed at `scale` of the frame, turned `angle`
 * degrees about its centre; ink `ink`. `drop` leaves out corner squares; `qr` draws a QR-like block by the top right.
 */
function frame({ scale = 0.9, angle = 0, paper = 230, ink = 20, bg = 90, drop = [] as number[], qr = true, shift = { x: 0, y: 0 } } = {}): Frame {
  const data = new Uint8ClampedArray(W * H * 4);
  const k = Math.min((W * scale) / PAGE.w, (H * scale) / PAGE.h);
  const cx = W / 2 + shift.x;
  const cy = H / 2 + shift.y;
  const cos = Math.cos((angle * Math.PI) / 180);
  const sin = Math.sin((angle * Math.PI) / 180);
  for (let y = 0; y < H; y++) {
    for (let x = 0; x < W; x++) {
      // Back from the frame to the page.
      const dx = x - cx;
      const dy = y - cy;
      const px = (dx * cos + dy * sin) / k + PAGE.w / 2;
      const py = (-dx * sin + dy * cos) / k + PAGE.h / 2;
      let v = bg;
      if (px >= 0 && py >= 0 && px <= PAGE.w && py <= PAGE.h) {
        v = paper;
        MARKERS.forEach((m, i) => {
          if (!drop.includes(i) && Math.abs(px - m.x) <= 14 && Math.abs(py - m.y) <= 14) v = ink;
        });
        if (qr && px >= 450 && px <= 530 && py >= 76 && py <= 156 && (Math.floor(px / 12) + Math.floor(py / 12)) % 2 === 0) v = ink;
        // Bubble rows: rings of ink in the middle of the page.
        if (py > 220 && py < 600 && px > 60 && px < 540 && Math.floor(py) % 22 === 0) v = ink;
      }
      const o = (y * W + x) * 4;
      data[o] = data[o + 1] = data[o + 2] = v;
      data[o + 3] = 255;
    }
  }
  return { data, width: W, height: H };
}

const near = (p: Pt | null, q: Pt, tol: number) => !!p && Math.hypot(p.x - q.x, p.y - q.y) <= tol;

describe("findCorners", () => {
  it("finds the four squares of a sheet that fills the frame, in order", () => {
    const f = frame();
    const c = findCorners(f);
    expect(c.every(Boolean)).toBe(true);
    const k = Math.min((W * 0.9) / PAGE.w, (H * 0.9) / PAGE.h);
    MARKERS.forEach((m, i) => {
      expect(near(c[i], { x: W / 2 + (m.x - PAGE.w / 2) * k, y: H / 2 + (m.y - PAGE.h / 2) * k }, 1.5)).toBe(true);
    });
    expect(sheetInView(c, f)).toBe(true);
  });

  it("takes the corner square, not the QR code beside it", () => {
    const c = findCorners(frame());
    const k = Math.min((W * 0.9) / PAGE.w, (H * 0.9) / PAGE.h);
    expect(near(c[1], { x: W / 2 + (551 - PAGE.w / 2) * k, y: H / 2 + (44 - PAGE.h / 2) * k }, 1.5)).toBe(true);
  });

  it("finds a sheet turned 12° and one in a dim room", () => {
    const turned = frame({ angle: 12, scale: 0.8 });
    expect(sheetInView(findCorners(turned), turned)).toBe(true);
    const dim = frame({ paper: 110, ink: 25, bg: 50 });
    expect(sheetInView(findCorners(dim), dim)).toBe(true);
  });

  it("says a corner is missing when the sheet is cut off, and refuses the sheet", () => {
    const f = frame({ drop: [3] });
    const c = findCorners(f);
    expect(c[3]).toBeNull();
    expect(c.slice(0, 3).every(Boolean)).toBe(true);
    expect(sheetInView(c, f)).toBe(false);
    // Pushed off the right edge: the right squares touch or leave the frame.
    const off = frame({ shift: { x: 30, y: 0 } });
    expect(sheetInView(findCorners(off), off)).toBe(false);
  });

  it("refuses a sheet too far away to read", () => {
    const far = frame({ scale: 0.35 });
    expect(sheetInView(findCorners(far), far)).toBe(false);
  });

  it("finds nothing in a frame without contrast", () => {
    const data = new Uint8ClampedArray(W * H * 4).fill(128);
    expect(findCorners({ data, width: W, height: H })).toEqual([null, null, null, null]);
  });
});

describe("cornersSteady", () => {
  const a = [
    { x: 10, y: 10 },
    { x: 190, y: 10 },
    { x: 190, y: 250 },
    { x: 10, y: 250 },
  ] as [Pt, Pt, Pt, Pt];
  it("is steady when every corner moved less than the tolerance", () => {
    const b = a.map((p) => ({ x: p.x + 2, y: p.y - 1 })) as typeof a;
    expect(cornersSteady(a, b, 4)).toBe(true);
    expect(cornersSteady(a, a.map((p, i) => (i === 2 ? { x: p.x + 9, y: p.y } : p)) as typeof a, 4)).toBe(false);
  });
  it("is not steady with a corner missing or no earlier find", () => {
    expect(cornersSteady(a, [a[0], a[1], null, a[3]], 4)).toBe(false);
    expect(cornersSteady(null, a, 4)).toBe(false);
  });
});
