/** Sends `n` requests made by `make(i)` at `rate` a second, all in flight as they come; resolves when all answered. */
export async function paced(n: number, rate: number, make: (i: number) => Promise<{ status: number }>): Promise<{ ms: number; bad: number; lat: number[] }> {
  const t0 = performance.now();
  const lat: number[] = [];
  let bad = 0;
  const all: Promise<void>[] = [];
  for (let i = 0; i < n; i++) {
    const due = t0 + (i * 1000) / rate;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((r) => setTimeout(r, wait));
    const s = performance.now();
    all.push(
      make(i).then((r) => {
        lat.push(performance.now() - s);
        if (r.status >= 300) bad++;
      }),
    );
  }
  await Promise.all(all);
  return { ms: performance.now() - t0, bad, lat: lat.sort((a, b) => a - b) };
}
