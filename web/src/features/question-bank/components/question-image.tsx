import { useEffect, useState } from "react";
import { fileLinkUrl } from "@/lib/download";

/**
 * The n-th picture (from 1) of a bank question. GET /api/questions/{id}/images/{n} wants the bearer
 * token, which an <img src> cannot send, so the picture is shown through a short-lived signed link
 * (…/link): the browser loads and caches it like any image, without a copy in the page's memory.
 */
export function QuestionImage({ questionId, n }: { questionId: number; n: number }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const ctrl = new AbortController();
    fileLinkUrl(`/questions/${questionId}/images/${n}`, ctrl.signal)
      .then(setSrc)
      .catch((e: unknown) => {
        if (!(e instanceof DOMException && e.name === "AbortError")) setFailed(true);
      });
    return () => ctrl.abort();
  }, [questionId, n]);
  if (failed) return <span style={{ fontSize: 12, color: "var(--mantine-color-dimmed)" }}>Picture {n} could not be loaded.</span>;
  if (!src) return null;
  return <img src={src} alt={`Picture ${n} of the question`} onError={() => setFailed(true)} style={{ maxWidth: "100%", height: "auto", display: "block" }} />;
}
