import { createCanvas, type SKRSContext2D } from "@napi-rs/canvas";
import QRCode from "qrcode";
import sharp from "sharp";
import { homography, warpGray, type Gray } from "./geometry.ts";
import { encodeSheetCode, MARKER_CENTRES, MARKER_SIZE, PAGE_H, PAGE_W, QR_BOX, sheetLayout, type Point, type SheetCode } from "./layout.ts";

/**
 * The reader's own test sheets (issue 29): an answer sheet drawn from layout.ts (markers, QR, numbered bubbles with
 * their letters, written boxes), marked as students mark, and photographed as a phone would (tilted, in perspective,
 * blurred, unevenly lit, JPEG). Independent of the printer, so the reader's tests do not wait for it.
 */
export type Mark = "solid" | "tick" | "cross" | "light" | "erased" | "scribble";
/** What is drawn in a row: letter index → mark. */
export type RowMarks = Partial<Record<number, Mark>>;

export type DrawOptions = {
  /** Pixels per point (default 3). */
  scale?: number;
  seed?: number;
  /** Which written boxes have an answer in them, in order. */
  boxInk?: boolean[];
  /** The QR code's text, when not the code's own (a sheet that is not ours). */
  qrText?: string;
};

export function drawSheet(code: SheetCode, marks: RowMarks[], o: DrawOptions = {}): Gray {
  const { scale = 3, seed = 1, boxInk = [] } = o;
  const W = Math.round(PAGE_W * scale);
  const H = Math.round(PAGE_H * scale);
  const canvas = createCanvas(W, H);
  const ctx = canvas.getContext("2d");
  ctx.scale(scale, scale);
  ctx.fillStyle = "white";
  ctx.fillRect(0, 0, PAGE_W, PAGE_H);
  ctx.fillStyle = "black";
  for (const c of MARKER_CENTRES) ctx.fillRect(c.x - MARKER_SIZE / 2, c.y - MARKER_SIZE / 2, MARKER_SIZE, MARKER_SIZE);
  const { modules } = QRCode.create(o.qrText ?? encodeSheetCode(code), { errorCorrectionLevel: "M" });
  const n = modules.size;
  const unit = QR_BOX.w / (n + 8);
  for (let r = 0; r < n; r++)
    for (let c = 0; c < n; c++) if (modules.get(r, c)) ctx.fillRect(QR_BOX.x + (c + 4) * unit, QR_BOX.y + (r + 4) * unit, unit + 0.05, unit + 0.05);
  ctx.font = "bold 14px sans-serif";
  ctx.fillText("Basic 9 Science — Quiz 3", 66, 80);
  ctx.font = "10px sans-serif";
  ctx.fillText("Name: Ama Mensah        Class: JHS 2B        Index: 0042", 66, 110);
  ctx.fillText("Fill one bubble per question with a dark pencil or pen. To change, erase fully.", 66, 198);
  const layout = sheetLayout(code.bubbles, code.boxes);
  if (!layout) throw new Error("no layout");
  let rnd = seed * 9301 + 49297;
  const rand = () => (rnd = (rnd * 9301 + 49297) % 233280) / 233280;
  for (const row of layout.bubbleRows) {
    ctx.font = "9px sans-serif";
    ctx.textAlign = "right";
    ctx.textBaseline = "middle";
    ctx.fillStyle = "black";
    ctx.fillText(String(row.n), row.label.x, row.label.y);
    ctx.textAlign = "center";
    for (const b of row.bubbles) {
      ctx.strokeStyle = "black";
      ctx.lineWidth = 0.7;
      ctx.beginPath();
      ctx.arc(b.cx, b.cy, b.r, 0, Math.PI * 2);
      ctx.stroke();
      ctx.font = "7px sans-serif";
      ctx.fillText(b.letter, b.cx, b.cy + 0.5);
    }
    const m = marks[row.n - 1] ?? {};
    for (const [k, mark] of Object.entries(m)) {
      const b = row.bubbles[Number(k)];
      drawMark(ctx, mark as Mark, b.cx + (rand() - 0.5) * 1.5, b.cy + (rand() - 0.5) * 1.5, b.r, rand);
    }
  }
  ctx.textAlign = "left";
  for (const box of layout.boxRows) {
    ctx.strokeStyle = "black";
    ctx.lineWidth = 0.8;
    ctx.strokeRect(box.box.x, box.box.y, box.box.w, box.box.h);
    ctx.fillStyle = "black";
    ctx.font = "8px sans-serif";
    ctx.fillText(String(box.n), box.box.x + 3, box.box.y + 8);
    if (boxInk[box.n - code.bubbles - 1]) {
      ctx.font = "18px serif";
      ctx.fillStyle = "#1a237e";
      ctx.fillText("42.5 m", box.box.x + 40, box.box.y + 28);
    }
  }
  const rgba = ctx.getImageData(0, 0, W, H).data;
  const data = new Uint8Array(W * H);
  for (let i = 0; i < W * H; i++) data[i] = Math.round(0.299 * rgba[4 * i] + 0.587 * rgba[4 * i + 1] + 0.114 * rgba[4 * i + 2]);
  return { data, width: W, height: H };
}

function drawMark(ctx: SKRSContext2D, mark: Mark, x: number, y: number, r: number, rand: () => number): void {
  ctx.save();
  ctx.lineCap = "round";
  switch (mark) {
    case "solid":
    case "light":
    case "erased": {
      const shade = mark === "solid" ? 30 + rand() * 40 : mark === "light" ? 120 + rand() * 30 : 215 + rand() * 15;
      ctx.fillStyle = `rgb(${shade},${shade},${shade})`;
      ctx.beginPath();
      ctx.ellipse(x, y, r * (0.85 + rand() * 0.2), r * (0.8 + rand() * 0.2), rand(), 0, Math.PI * 2);
      ctx.fill();
      break;
    }
    case "tick":
      ctx.strokeStyle = "#102060";
      ctx.lineWidth = 1.6;
      ctx.beginPath();
      ctx.moveTo(x - r * 0.7, y);
      ctx.lineTo(x - r * 0.1, y + r * 0.7);
      ctx.lineTo(x + r * 0.9, y - r * 0.9);
      ctx.stroke();
      break;
    case "cross":
      ctx.strokeStyle = "#101010";
      ctx.lineWidth = 1.5;
      ctx.beginPath();
      ctx.moveTo(x - r * 0.8, y - r * 0.8);
      ctx.lineTo(x + r * 0.8, y + r * 0.8);
      ctx.moveTo(x + r * 0.8, y - r * 0.8);
      ctx.lineTo(x - r * 0.8, y + r * 0.8);
      ctx.stroke();
      break;
    case "scribble":
      ctx.strokeStyle = "#303030";
      ctx.lineWidth = 1.3;
      ctx.beginPath();
      for (let i = 0; i < 6; i++) {
        const yy = y - r * 0.7 + (i * r * 1.4) / 5;
        ctx.moveTo(x - r * 0.7, yy);
        ctx.lineTo(x + r * 0.7, yy + r * 0.2);
      }
      ctx.stroke();
      break;
  }
  ctx.restore();
}

export type PhotoOptions = {
  width: number;
  height: number;
  /** Degrees. */
  rotate?: number;
  /** 0…0.15: how much nearer one edge is than the other. */
  perspective?: number;
  blur?: number;
  quality?: number;
  /** 0…1: darkness of a shadow over part of the sheet. */
  shadow?: number;
  /** 0…1: light falling off from one side. */
  gradient?: number;
  /** The sheet upside down. */
  upsideDown?: boolean;
  /** How much of the photo's short side the sheet fills. */
  fill?: number;
};

/** The sheet photographed: placed on a desk, tilted, in perspective, lit unevenly, blurred, saved as JPEG. */
export async function photograph(sheet: Gray, o: PhotoOptions): Promise<Uint8Array> {
  const { width: W, height: H } = o;
  const fill = o.fill ?? 0.82;
  const sw = sheet.width;
  const sh = sheet.height;
  const k = Math.min((W * fill) / sw, (H * fill) / sh);
  const a = ((o.rotate ?? 0) * Math.PI) / 180;
  const p = o.perspective ?? 0;
  const cx = W / 2;
  const cy = H / 2;
  const corners: Point[] = [
    { x: -sw / 2, y: -sh / 2 },
    { x: sw / 2, y: -sh / 2 },
    { x: sw / 2, y: sh / 2 },
    { x: -sw / 2, y: sh / 2 },
  ].map((q, i) => {
    // The top edge nearer the camera (wider) by `p`, the bottom narrower.
    const wide = i < 2 ? 1 + p / 2 : 1 - p / 2;
    const x = q.x * wide * k;
    const y = q.y * k;
    return { x: cx + x * Math.cos(a) - y * Math.sin(a), y: cy + x * Math.sin(a) + y * Math.cos(a) };
  });
  const src: Point[] = [
    { x: 0, y: 0 },
    { x: sw, y: 0 },
    { x: sw, y: sh },
    { x: 0, y: sh },
  ];
  const from = o.upsideDown ? [src[2], src[3], src[0], src[1]] : src;
  const h = homography(corners, from);
  if (!h) throw new Error("degenerate");
  const photo = warpGray(sheet, h, W, H, 96);
  const d = photo.data;
  const g = o.gradient ?? 0;
  const s = o.shadow ?? 0;
  for (let y = 0; y < H; y++)
    for (let x = 0; x < W; x++) {
      let light = 1 - g * (x / W) * 0.8 - g * 0.2 * (y / H);
      // A shadow with a soft edge across the lower-left part (a hand or a phone).
      const e = (x - W * 0.55) * 0.6 + (y - H * 0.5);
      if (e > 0) light *= 1 - s * Math.min(1, e / (W * 0.03));
      d[y * W + x] = Math.max(0, Math.min(255, d[y * W + x] * light));
    }
  let img = sharp(Buffer.from(d.buffer, d.byteOffset, d.byteLength), { raw: { width: W, height: H, channels: 1 } });
  if (o.blur) img = img.blur(o.blur);
  return new Uint8Array(await img.jpeg({ quality: o.quality ?? 80 }).toBuffer());
}
