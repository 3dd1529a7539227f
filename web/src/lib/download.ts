import type { FileLink } from "@adesua/domain";
import { api } from "./api";

/**
 * Downloads a protected file by a short-lived signed link (decision 027): `${path}/link` is asked
 * with the session, and the browser then fetches the link itself, so the file streams to the
 * downloads folder or the phone's PDF viewer instead of being held whole in the page's memory.
 * The file's name comes from the server's Content-Disposition.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  // The screen shows a refusal itself (e.g. "Quiz is not open yet").
  const { url } = await api<FileLink>(`${path}/link`, { quiet: true });
  const a = document.createElement("a");
  a.href = url;
  a.download = fallbackName;
  a.rel = "noopener";
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/** A link to show a protected picture in an <img> (it cannot send the session itself). */
export async function fileLinkUrl(path: string, signal?: AbortSignal): Promise<string> {
  return (await api<FileLink>(`${path}/link`, { quiet: true, signal })).url;
}
