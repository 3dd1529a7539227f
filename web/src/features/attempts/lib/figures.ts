import { fileLinkUrl } from "@/lib/download";

/**
 * The pictures of a running attempt kept on the device (issue 11), so a reload without a connection,
 * which resumes from the session kept in localStorage (server-engine), still shows them. They go in
 * the browser's Cache Storage under their stable API path (the signed link changes every minute) and
 * are removed when the attempt is submitted. Where Cache Storage is missing (a page served over plain
 * http to another machine), nothing is kept and pictures need the connection, as before.
 */
const CACHE = "adesua-figures-v1";

const available = () => typeof caches !== "undefined" && typeof location !== "undefined";
const keyOf = (path: string) => new URL(`/api${path}`, location.origin).href;

/** An address for a question's picture: the copy kept on this device if there is one, else a signed link. */
export async function figureSrc(path: string, signal: AbortSignal): Promise<string> {
  if (available()) {
    try {
      const hit = await (await caches.open(CACHE)).match(keyOf(path));
      if (hit) return URL.createObjectURL(await hit.blob());
    } catch {
      /* storage refused (private mode, quota): ask the server */
    }
  }
  return fileLinkUrl(path, signal);
}

/** Keeps these pictures on the device, one after another in the background; stops quietly when offline. */
export async function keepFigures(paths: readonly string[]): Promise<void> {
  if (!available() || paths.length === 0) return;
  try {
    const cache = await caches.open(CACHE);
    for (const path of paths) {
      if (await cache.match(keyOf(path))) continue;
      const res = await fetch(await fileLinkUrl(path));
      if (res.ok) await cache.put(keyOf(path), res);
    }
  } catch {
    /* offline or refused: the next load tries again */
  }
}

/** Forgets the pictures of an attempt that is over. */
export async function dropFigures(paths: readonly string[]): Promise<void> {
  if (!available() || paths.length === 0) return;
  try {
    const cache = await caches.open(CACHE);
    await Promise.all(paths.map((p) => cache.delete(keyOf(p))));
  } catch {
    /* nothing kept */
  }
}
