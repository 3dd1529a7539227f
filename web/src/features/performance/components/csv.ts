type Cell = string | number | null | undefined;

/** One CSV field: quoted when needed; text a spreadsheet would run as a formula gets an apostrophe. */
function field(v: Cell): string {
  let s = v === null || v === undefined ? "" : String(v);
  if (typeof v === "string" && /^[=+\-@\t\r]/.test(s)) s = `'${s}`;
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** Builds a CSV (with a BOM, so Excel reads accented names) and hands it to the browser as a download. */
export function downloadCsv(name: string, rows: Cell[][]) {
  const text = "\ufeff" + rows.map((r) => r.map(field).join(",")).join("\r\n") + "\r\n";
  const url = URL.createObjectURL(new Blob([text], { type: "text/csv;charset=utf-8" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = name;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
