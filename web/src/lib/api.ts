import { takePrefetched } from "./prefetch";
import { tokenStore } from "./storage";

export const DEFAULT_FORBIDDEN = "Access Denied: You do not have permission to perform this action or access this resource.";
export const SESSION_ENDED = "Please log in again.";

/**
 * An API answer that was not 2xx; `message` is the server's `error` text when it sent one, `code`
 * the stable machine-readable code beside it on refusals a screen branches on (decision 015).
 */
export class ApiError extends Error {
  constructor(
    public readonly status: number,
    message: string,
    public readonly serverMessage: string | null,
    public readonly code: string | null = null,
    /** The whole error body, for refusals that carry more than a message (e.g. a CSV's row errors). */
    public readonly body: unknown = null,
  ) {
    super(message);
  }
}

type Handlers = { onUnauthorized: (message: string) => void; onForbidden: (message: string) => void };
let handlers: Handlers = { onUnauthorized: () => {}, onForbidden: () => {} };
/** The app wires these once (router navigation and notifications); the client stays framework-free. */
export function setApiHandlers(h: Handlers) {
  handlers = h;
}

export type RequestOptions = {
  method?: string;
  body?: unknown;
  form?: FormData;
  query?: Record<string, string | number | boolean | null | undefined>;
  signal?: AbortSignal;
  /** Calls whose 401 means "wrong credentials", not "session ended" (login, register, session restore). */
  skipAuthRedirect?: boolean;
  /** The screen shows a 403's message itself (e.g. the Quiz Error screen): no notification repeats it. */
  quiet?: boolean;
  /** Told when the request left (Date.now()): earlier than the call when the preload script had already sent it. */
  onSent?: (at: number) => void;
};

export function buildUrl(path: string, query?: RequestOptions["query"]): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) if (v !== undefined && v !== null && v !== "") qs.set(k, String(v));
  const s = qs.toString();
  return `/api${path}${s ? `?${s}` : ""}`;
}

export async function api<T>(path: string, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = {};
  const token = tokenStore.get();
  if (token) headers.authorization = `Bearer ${token}`;
  let body: BodyInit | undefined;
  if (opts.form) body = opts.form;
  else if (opts.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(opts.body);
  }
  const url = buildUrl(path, opts.query);
  const method = opts.method ?? "GET";
  // The first page's first calls may already be on their way (started by the preload script, with no body).
  const early = body === undefined ? takePrefetched(method, url, token) : null;
  opts.onSent?.(early ? early.sentAt : Date.now());
  const res = await (early?.response ?? fetch(url, { method, headers, body, credentials: "include", signal: opts.signal }));
  const text = await res.text();
  let data: unknown = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch {
    data = null;
  }
  if (res.ok) return data as T;
  const serverMessage = data && typeof data === "object" && "error" in data ? String((data as { error: unknown }).error) : null;
  if (res.status === 401 && !opts.skipAuthRedirect) {
    tokenStore.clear();
    handlers.onUnauthorized(SESSION_ENDED);
  } else if (res.status === 403 && !opts.quiet) {
    handlers.onForbidden(serverMessage ?? DEFAULT_FORBIDDEN);
  }
  const code = data && typeof data === "object" && "code" in data ? String((data as { code: unknown }).code) : null;
  throw new ApiError(res.status, serverMessage ?? `Request failed (${res.status})`, serverMessage, code, data);
}

/** The server's message when it sent one, else the screen's default text. */
export function errorText(err: unknown, fallback: string): string {
  return err instanceof ApiError && err.serverMessage ? err.serverMessage : fallback;
}

/**
 * The API path of the n-th picture (from 1) of a question (bank or quiz): GET /questions/{id}/images/{n}.
 * Here, in the module every page already loads, so the attempt screen needs no extra chunk for it.
 */
export const questionImagePath = (questionId: number, n: number) => `/questions/${questionId}/images/${n}`;
