import type { FileLink } from "@adesua/domain";
import { api, ApiError, buildUrl } from "./api";
import { tokenStore } from "./storage";

/**
 * Downloads what the server makes on request (an export, a report, printed slips): the API wants the
 * bearer token, which a plain link cannot send, so it is fetched and handed to the browser under the
 * server's file name. Stored files (quiz PDFs, course materials) go by signed link: downloadStoredFile.
 */
export async function downloadFile(path: string, fallbackName: string, post?: unknown): Promise<void> {
  const token = tokenStore.get();
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  // A POST carries a JSON body (e.g. the slips to print, which the server never stored).
  if (post !== undefined) headers["content-type"] = "application/json";
  const res = await fetch(buildUrl(path), {
    method: post === undefined ? "GET" : "POST",
    headers,
    body: post === undefined ? undefined : JSON.stringify(post),
    credentials: "include",
  });
  if (!res.ok) {
    let message: string | null = null;
    try {
      message = ((await res.json()) as { error?: string }).error ?? null;
    } catch {
      /* not JSON */
    }
    throw new ApiError(res.status, message ?? `Download failed (${res.status})`, message);
  }
  const name = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(res.headers.get("content-disposition") ?? "")?.[1];
  const url = URL.createObjectURL(await res.blob());
  clickDownload(url, name ? decodeURIComponent(name) : fallbackName);
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Hands `href` to the browser as a download named `name`, through a link clicked and removed at once. */
function clickDownload(href: string, name: string, rel?: string): void {
  const a = document.createElement("a");
  a.href = href;
  a.download = name;
  if (rel) a.rel = rel;
  document.body.appendChild(a);
  a.click();
  a.remove();
}

/**
 * Downloads a stored file (a quiz PDF, a course material) by a short-lived signed link (decision 027):
 * `${path}/link` is asked with the session, and the browser then fetches the link itself, so the file
 * streams to the downloads folder or the phone's PDF viewer instead of being held whole in the page's
 * memory. The file's name comes from the server's Content-Disposition.
 */
export async function downloadStoredFile(path: string, fallbackName: string): Promise<void> {
  // The screen shows a refusal itself (e.g. "Quiz is not open yet"): fileLinkUrl asks quietly.
  clickDownload(await fileLinkUrl(path), fallbackName, "noopener");
}

/** A signed link for a protected file: to download it, or to show a picture in an <img> (it cannot send the session itself). */
export async function fileLinkUrl(path: string, signal?: AbortSignal): Promise<string> {
  return (await api<FileLink>(`${path}/link`, { quiet: true, signal })).url;
}
