import { ApiError, buildUrl } from "./api";
import { tokenStore } from "./storage";

/**
 * Downloads a protected file (the API wants the bearer token, which a plain link cannot send)
 * and hands it to the browser under the server's file name.
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
  const a = document.createElement("a");
  a.href = url;
  a.download = name ? decodeURIComponent(name) : fallbackName;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
