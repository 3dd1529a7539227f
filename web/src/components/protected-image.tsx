import { useEffect, useState } from "react";
import { fileLinkUrl } from "@/lib/download";

import { questionImagePath } from "@/lib/api";

export { questionImagePath };

type Props = {
  path: string;
  alt: string;
  failedText: string;
  /** Fill the box it is in (the picture kept whole, letterboxed), so a frame sized beforehand keeps the layout still. */
  fit?: boolean;
  /** Where the <img> gets its address; by default a signed link. A `blob:` address is released when the picture goes. */
  resolve?: (path: string, signal: AbortSignal) => Promise<string>;
};

/**
 * A picture the API serves only with the bearer token, which an <img src> cannot send: it is shown through
 * a short-lived signed link (`{path}/link`, decision 027), so the browser loads and caches it like any image,
 * without a copy in the page's memory. Question pictures on the bank's read screen, in practice, in an
 * attempt and in the quiz editor.
 */
export function ProtectedImage({ path, alt, failedText, fit, resolve }: Props) {
  const [src, setSrc] = useState<string | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    const ctrl = new AbortController();
    let made: string | null = null;
    setFailed(false);
    (resolve ?? fileLinkUrl)(path, ctrl.signal)
      .then((url) => {
        const blob = url.startsWith("blob:");
        if (ctrl.signal.aborted) {
          if (blob) URL.revokeObjectURL(url);
          return;
        }
        if (blob) made = url;
        setSrc(url);
      })
      .catch((e: unknown) => {
        if (!(e instanceof DOMException && e.name === "AbortError")) setFailed(true);
      });
    return () => {
      ctrl.abort();
      if (made) URL.revokeObjectURL(made);
    };
  }, [path, resolve]);
  if (failed) return <span style={{ fontSize: 12, color: "var(--mantine-color-dimmed)" }}>{failedText}</span>;
  if (!src) return null;
  const style = fit
    ? { width: "100%", height: "100%", objectFit: "contain" as const, display: "block" }
    : { maxWidth: "100%", height: "auto", display: "block" };
  return <img src={src} alt={alt} loading="lazy" decoding="async" onError={() => setFailed(true)} style={style} />;
}

/** The n-th picture (from 1) of a bank question. */
export function QuestionImage({ questionId, n }: { questionId: number; n: number }) {
  return <ProtectedImage path={questionImagePath(questionId, n)} alt={`Picture ${n} of the question`} failedText={`Picture ${n} could not be loaded.`} />;
}
