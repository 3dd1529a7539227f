import { useEffect, useState } from "react";
import { buildUrl } from "@/lib/api";
import { tokenStore } from "@/lib/storage";

/** The API path of the n-th picture (from 1) of a bank question. */
export const questionImagePath = (questionId: number, n: number) => `/questions/${questionId}/images/${n}`;

/**
 * A picture the API serves only with the bearer token (an <img src> cannot send it), so it is fetched
 * and shown from a blob: the bank's question pictures on the read screen and in practice.
 */
export function ProtectedImage({ path, alt, failedText }: { path: string; alt: string; failedText: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let url: string | null = null;
    const ctrl = new AbortController();
    const token = tokenStore.get();
    fetch(buildUrl(path), {
      headers: token ? { authorization: `Bearer ${token}` } : {},
      credentials: "include",
      signal: ctrl.signal,
    })
      .then(async (res) => {
        if (!res.ok) throw new Error(String(res.status));
        url = URL.createObjectURL(await res.blob());
        setSrc(url);
      })
      .catch((e: unknown) => {
        if (!(e instanceof DOMException && e.name === "AbortError")) setFailed(true);
      });
    return () => {
      ctrl.abort();
      if (url) URL.revokeObjectURL(url);
    };
  }, [path]);
  if (failed) return <span style={{ fontSize: 12, color: "var(--mantine-color-dimmed)" }}>{failedText}</span>;
  if (!src) return null;
  return <img src={src} alt={alt} style={{ maxWidth: "100%", height: "auto", display: "block" }} />;
}

/** The n-th picture (from 1) of a bank question. */
export function QuestionImage({ questionId, n }: { questionId: number; n: number }) {
  return <ProtectedImage path={questionImagePath(questionId, n)} alt={`Picture ${n} of the question`} failedText={`Picture ${n} could not be loaded.`} />;
}
