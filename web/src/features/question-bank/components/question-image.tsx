import { useEffect, useState } from "react";
import { buildUrl } from "@/lib/api";
import { tokenStore } from "@/lib/storage";

/**
 * The n-th picture (from 1) of a bank question: GET /api/questions/{id}/images/{n} wants the bearer
 * token, which an <img src> cannot send, so it is fetched and shown from a blob.
 */
export function QuestionImage({ questionId, n }: { questionId: number; n: number }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let url: string | null = null;
    const ctrl = new AbortController();
    const token = tokenStore.get();
    fetch(buildUrl(`/questions/${questionId}/images/${n}`), {
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
  }, [questionId, n]);
  if (failed) return <span style={{ fontSize: 12, color: "var(--mantine-color-dimmed)" }}>Picture {n} could not be loaded.</span>;
  if (!src) return null;
  return <img src={src} alt={`Picture ${n} of the question`} style={{ maxWidth: "100%", height: "auto", display: "block" }} />;
}
