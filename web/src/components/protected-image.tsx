import { useEffect, useState } from "react";
import { fileLinkUrl } from "@/lib/download";

/** The API path of the n-th picture (from 1) of a bank question. */
export const questionImagePath = (questionId: number, n: number) => `/questions/${questionId}/images/${n}`;

/**
 * A picture the API serves only with the bearer token, which an <img src> cannot send: it is shown through
 * a short-lived signed link (`{path}/link`, decision 027), so the browser loads and caches it like any image,
 * without a copy in the page's memory. The bank's question pictures on the read screen and in practice.
 */
export function ProtectedImage({ path, alt, failedText }: { path: string; alt: string; failedText: string }) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const ctrl = new AbortController();
    fileLinkUrl(path, ctrl.signal)
      .then(setSrc)
      .catch((e: unknown) => {
        if (!(e instanceof DOMException && e.name === "AbortError")) setFailed(true);
      });
    return () => ctrl.abort();
  }, [path]);
  if (failed) return <span style={{ fontSize: 12, color: "var(--mantine-color-dimmed)" }}>{failedText}</span>;
  if (!src) return null;
  return <img src={src} alt={alt} onError={() => setFailed(true)} style={{ maxWidth: "100%", height: "auto", display: "block" }} />;
}

/** The n-th picture (from 1) of a bank question. */
export function QuestionImage({ questionId, n }: { questionId: number; n: number }) {
  return <ProtectedImage path={questionImagePath(questionId, n)} alt={`Picture ${n} of the question`} failedText={`Picture ${n} could not be loaded.`} />;
}
