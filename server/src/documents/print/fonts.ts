import fs from "node:fs";
import { createRequire } from "node:module";
import path from "node:path";

/**
 * DejaVu Sans (dejavu-fonts-ttf): it has every letter of Ghanaian names (Ɛ ɛ Ɔ ɔ Ŋ ŋ) which the PDF standard fonts
 * lack. Read once per worker thread.
 */
export const FONT = { regular: "Sans", bold: "Sans-Bold", oblique: "Sans-Oblique", narrow: "Narrow", narrowBold: "Narrow-Bold" } as const;

const FILES: Record<string, string> = {
  [FONT.regular]: "DejaVuSans.ttf",
  [FONT.bold]: "DejaVuSans-Bold.ttf",
  [FONT.oblique]: "DejaVuSans-Oblique.ttf",
  [FONT.narrow]: "DejaVuSansCondensed.ttf",
  [FONT.narrowBold]: "DejaVuSansCondensed-Bold.ttf",
};

let loaded: Map<string, Buffer> | null = null;

function fontDir(): string {
  const require = createRequire(import.meta.url);
  return path.join(path.dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");
}

/** The fonts' bytes by name (registered on every document). */
export function fontFiles(): Map<string, Buffer> {
  if (!loaded) {
    const dir = fontDir();
    loaded = new Map(Object.entries(FILES).map(([name, file]) => [name, fs.readFileSync(path.join(dir, file))]));
  }
  return loaded;
}
