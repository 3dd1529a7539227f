import fs from "node:fs/promises";
import { createRequire } from "node:module";
import type { ReportResult } from "@adesua/domain";

/**
 * A report's bar chart as a PNG for the Word export, drawn as SVG here and rendered by resvg compiled
 * to WebAssembly (`@resvg/resvg-wasm`: no native binary, nothing downloaded), with DejaVu Sans from
 * the `dejavu-fonts-ttf` package for the labels, so the picture is the same on every machine.
 */

const require = createRequire(import.meta.url);
type ResvgModule = typeof import("@resvg/resvg-wasm");
let ready: Promise<{ mod: ResvgModule; font: Uint8Array }> | null = null;

function load() {
  ready ??= (async () => {
    const mod = await import("@resvg/resvg-wasm");
    const [wasm, font] = await Promise.all([
      fs.readFile(require.resolve("@resvg/resvg-wasm/index_bg.wasm")),
      fs.readFile(require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf")),
    ]);
    await mod.initWasm(wasm);
    return { mod, font: new Uint8Array(font) };
  })();
  return ready;
}

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const clip = (s: string, n: number) => (s.length > n ? `${s.slice(0, n - 1)}…` : s);

export const CHART_WIDTH = 640;
const ROW = 26;

/** Horizontal bars (labels can be long course names): one row per bar, value at the bar's end. */
export function chartSvg(chart: NonNullable<ReportResult["chart"]>): { svg: string; width: number; height: number } {
  const bars = chart.bars;
  const top = 44;
  const height = top + bars.length * ROW + 30;
  const labelW = 200;
  const plotW = CHART_WIDTH - labelW - 70;
  const max = Math.max(1, ...bars.map((b) => b.value));
  const parts = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_WIDTH}" height="${height}" viewBox="0 0 ${CHART_WIDTH} ${height}">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<text x="12" y="24" font-family="DejaVu Sans" font-size="16" font-weight="bold" fill="#1a1b1e">${esc(chart.title)}</text>`,
  ];
  bars.forEach((b, i) => {
    const y = top + i * ROW;
    const w = Math.max(1, Math.round((b.value / max) * plotW));
    parts.push(
      `<text x="${labelW - 8}" y="${y + 17}" text-anchor="end" font-family="DejaVu Sans" font-size="12" fill="#343a40">${esc(clip(b.label, 26))}</text>`,
      `<rect x="${labelW}" y="${y + 4}" width="${b.value > 0 ? w : 0}" height="${ROW - 8}" fill="#228be6"/>`,
      `<text x="${labelW + (b.value > 0 ? w : 0) + 6}" y="${y + 17}" font-family="DejaVu Sans" font-size="12" fill="#343a40">${esc(String(b.value))}</text>`,
    );
  });
  parts.push(`<text x="${labelW}" y="${height - 8}" font-family="DejaVu Sans" font-size="11" fill="#868e96">${esc(chart.valueLabel)}</text>`, `</svg>`);
  return { svg: parts.join(""), width: CHART_WIDTH, height };
}

/** The chart as PNG bytes (twice the size for a sharp print) with its size in points at 1x. */
export async function chartPng(chart: NonNullable<ReportResult["chart"]>): Promise<{ png: Uint8Array; width: number; height: number }> {
  const { mod, font } = await load();
  const { svg, width, height } = chartSvg(chart);
  const r = new mod.Resvg(svg, { fitTo: { mode: "zoom", value: 2 }, font: { fontBuffers: [font], defaultFontFamily: "DejaVu Sans" } });
  const img = r.render();
  const png = img.asPng();
  img.free();
  r.free();
  return { png, width, height };
}
