import sharp from "sharp";

/** A page made ready for OCR: greyscale, even light, upright. */
export interface PreparedPage {
  /** 8-bit greyscale PNG. */
  png: Buffer;
  width: number;
  height: number;
  /** The skew found and undone, in degrees (positive: the page was turned clockwise). */
  skew: number;
}

/** Widest page handed to OCR, in pixels (a 12-megapixel phone photo is brought down to this). */
const MAX_WIDTH = 2400;
/** Skew searched, in degrees either way. */
const MAX_SKEW = 10;

/**
 * Greyscale, then uneven light flattened (each pixel divided by the page's blurred background, so a shadow or a lamp's
 * hot spot becomes white paper), speckle removed and the page thresholded, then the skew estimated and undone.
 */
export async function preparePage(image: Buffer): Promise<PreparedPage> {
  const grey = sharp(image, { limitInputPixels: 80_000_000 })
    .rotate() // a phone photo's EXIF orientation
    .flatten({ background: "#ffffff" })
    .resize({ width: MAX_WIDTH, withoutEnlargement: true })
    .toColourspace("b-w");
  const { data, info } = await grey.raw().toBuffer({ resolveWithObject: true });
  const { width, height } = info;
  if (info.channels !== 1) throw new Error(`expected one channel, got ${info.channels}`);
  const flat = await flattenLight(data, width, height);
  // The skew is measured on a small copy, where averaging and a median filter have taken the speckle out.
  const cut = inkThreshold(flat);
  const small = await sharp(flat, { raw: { width, height, channels: 1 } })
    .resize({ width: 800 })
    .median(3)
    .toColourspace("b-w")
    .raw()
    .toBuffer({ resolveWithObject: true });
  const skew = estimateSkew(small.data, small.info.width, small.info.height, cut + (255 - cut) / 3);
  // Speckle out (median), then black print on white paper: Tesseract reads this about three times faster than the
  // grey page, as well (bench/ocr-bench.ts).
  const clean = await sharp(flat, { raw: { width, height, channels: 1 } })
    .median(3)
    .threshold(cut)
    .toColourspace("b-w")
    .raw()
    .toBuffer();
  let page = sharp(clean, { raw: { width, height, channels: 1 } });
  if (Math.abs(skew) >= 0.2) page = page.rotate(-skew, { background: { r: 255, g: 255, b: 255 } });
  const { data: png, info: out } = await page.png({ compressionLevel: 1 }).toBuffer({ resolveWithObject: true });
  return { png, width: out.width, height: out.height, skew };
}

/** Divides out the background light: the page blurred far past its print, scaled up again. */
async function flattenLight(px: Buffer, width: number, height: number): Promise<Buffer> {
  const small = { width: Math.max(8, Math.round(width / 16)), height: Math.max(8, Math.round(height / 16)) };
  // The background: the brightest of each neighbourhood (the paper between the letters), then smoothed.
  const reduced = await sharp(px, { raw: { width, height, channels: 1 } })
    .resize(small.width, small.height, { kernel: "cubic" })
    .dilate(2)
    .blur(3)
    .toColourspace("b-w")
    .raw()
    .toBuffer();
  const bg = await sharp(reduced, { raw: { ...small, channels: 1 } })
    .resize(width, height, { kernel: "cubic" })
    .toColourspace("b-w")
    .raw()
    .toBuffer();
  // Paper becomes 255 and print keeps its contrast against the paper around it (no global stretch: on a page of
  // sparse print a percentile stretch would turn the paper's grain black).
  const out = Buffer.alloc(px.length);
  for (let i = 0; i < px.length; i++) {
    const b = Math.max(bg[i], 24);
    const v = (px[i] * 255) / b;
    out[i] = v >= 255 ? 255 : v;
  }
  return out;
}

/**
 * Where ink begins on a flattened page (paper ≈ 255): well below the paper's own grain. The grain's spread is measured
 * on the light pixels (the paper), and the cut put four spreads below the paper's level, within 120–215.
 */
export function inkThreshold(px: Buffer): number {
  let n = 0;
  let sum = 0;
  let sq = 0;
  for (let i = 0; i < px.length; i += 5) {
    const v = px[i];
    if (v < 170) continue;
    n++;
    sum += v;
    sq += v * v;
  }
  if (n < 100) return 160;
  const mean = sum / n;
  const sd = Math.sqrt(Math.max(0, sq / n - mean * mean));
  return Math.round(Math.min(215, Math.max(120, mean - 4 * sd)));
}

/**
 * The page's skew by projection profiles: on a downscaled, binarised copy, the dark pixels are projected onto rows
 * for each angle in ±10°; lines of print give the sharpest profile (largest sum of squares) when the angle matches.
 * A coarse pass every 0.5°, then a fine one every 0.1°.
 */
export function estimateSkew(px: Buffer, width: number, height: number, dark = 128): number {
  const step = Math.max(1, Math.round(width / 800));
  const xs: number[] = [];
  const ys: number[] = [];
  for (let y = 0; y < height; y += step) {
    for (let x = 0; x < width; x += step) {
      if (px[y * width + x] < dark) {
        xs.push(x / step);
        ys.push(y / step);
      }
    }
  }
  if (xs.length < 200) return 0;
  const w = width / step;
  const h = height / step;
  const rows = new Float64Array(Math.ceil(h + w) + 4);
  const score = (deg: number) => {
    const a = (deg * Math.PI) / 180;
    const sin = Math.sin(a);
    const cos = Math.cos(a);
    rows.fill(0);
    const off = w + 2;
    for (let i = 0; i < xs.length; i++) rows[Math.round(ys[i] * cos - xs[i] * sin + off * Math.abs(sin))]++;
    let s = 0;
    for (let i = 0; i < rows.length; i++) s += rows[i] * rows[i];
    return s;
  };
  let best = 0;
  let bestScore = -1;
  for (let d = -MAX_SKEW; d <= MAX_SKEW + 1e-9; d += 0.5) {
    const s = score(d);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  const coarse = best;
  for (let d = coarse - 0.5; d <= coarse + 0.5 + 1e-9; d += 0.1) {
    const s = score(d);
    if (s > bestScore) [best, bestScore] = [d, s];
  }
  return Math.round(best * 10) / 10;
}
