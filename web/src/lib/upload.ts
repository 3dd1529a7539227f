import { ApiError, buildUrl } from "./api";
import { tokenStore } from "./storage";

/** What an upload reports while it runs: bytes sent, then the server's own progress lines. */
export type UploadProgress = { phase: "upload"; loaded: number; total: number } | { phase: "server"; stage: string; done: number; total: number };

type ServerLine = { type: "progress"; stage: string; done: number; total: number } | { type: "result" } | { type: "error"; status: number; error: string };

/**
 * Sends a multipart form with progress: the upload's bytes (XMLHttpRequest reports them; fetch does not),
 * then, when the server streams NDJSON progress lines (decision 025), each of those. Resolves with the
 * final result line (or a plain JSON answer); rejects with an ApiError carrying the server's body.
 */
export function uploadWithProgress<T>(path: string, form: FormData, onProgress: (p: UploadProgress) => void): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", buildUrl(path));
    const token = tokenStore.get();
    if (token) xhr.setRequestHeader("authorization", `Bearer ${token}`);
    xhr.setRequestHeader("accept", "application/x-ndjson, application/json");
    xhr.upload.onprogress = (e) => onProgress({ phase: "upload", loaded: e.loaded, total: e.lengthComputable ? e.total : e.loaded });
    let read = 0;
    let last: ServerLine | null = null;
    const streamed = () => (xhr.getResponseHeader("content-type") ?? "").includes("ndjson");
    const readLines = () => {
      if (!streamed()) return;
      const text = xhr.responseText;
      let nl = text.indexOf("\n", read);
      while (nl !== -1) {
        const line = text.slice(read, nl).trim();
        read = nl + 1;
        if (line) {
          const msg = JSON.parse(line) as ServerLine;
          last = msg;
          if (msg.type === "progress") onProgress({ phase: "server", stage: msg.stage, done: msg.done, total: msg.total });
        }
        nl = text.indexOf("\n", read);
      }
    };
    xhr.onprogress = readLines;
    xhr.onerror = () => reject(new Error("Network error: the upload did not reach the server"));
    xhr.onload = () => {
      let body: unknown = null;
      if (streamed()) {
        readLines();
        const end = last as ServerLine | null;
        if (end?.type === "result") return resolve(end as T);
        if (end?.type === "error") return reject(new ApiError(end.status, end.error, end.error, null, end));
        return reject(new ApiError(500, "The server stopped before it finished", null));
      }
      try {
        body = xhr.responseText ? JSON.parse(xhr.responseText) : null;
      } catch {
        body = null;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(body as T);
      const message = body && typeof body === "object" && "error" in body ? String((body as { error: unknown }).error) : null;
      const code = body && typeof body === "object" && "code" in body ? String((body as { code: unknown }).code) : null;
      reject(new ApiError(xhr.status, message ?? `Request failed (${xhr.status})`, message, code, body));
    };
    xhr.send(form);
  });
}
