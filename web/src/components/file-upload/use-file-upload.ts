import { useState } from "react";
import { useMutation } from "@tanstack/react-query";
import type { UploadProgress } from "@/lib/upload";

/** How a screen sends its chosen file: a multipart call of the api client (or uploadWithProgress, which reports progress). */
export type SendFile<T, V> = (file: File, onProgress: (p: UploadProgress) => void, vars: V) => Promise<T>;

export type FileUploadOptions<T, V> = {
  send: SendFile<T, V>;
  /** Pressing send with no file chosen (the screen says its own words). */
  onMissing?: () => void;
  /** The parsed answer, handed to the screen. */
  onSuccess?: (result: T, file: File, vars: V) => void;
  /** The refusal (an ApiError carries the server's own words: 400, 413, 415…). */
  onError?: (error: unknown, vars: V) => void;
  /** Keep the last progress line after a failure instead of clearing it (the class list's import). */
  keepProgressOnError?: boolean | ((vars: V) => boolean);
};

/**
 * One file chosen, sent and parsed (issue 26): the chosen file, a TanStack mutation that sends it (its
 * `isPending` is the busy state), and the progress the upload reports. `start(vars)` sends the chosen file,
 * or calls `onMissing` when there is none.
 */
export function useFileUpload<T, V = void>(opts: FileUploadOptions<T, V>) {
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<UploadProgress | null>(null);
  const mutation = useMutation({
    mutationFn: ({ file: f, vars }: { file: File; vars: V }) => opts.send(f, setProgress, vars),
    onSuccess: (result, { file: f, vars }) => {
      setProgress(null);
      opts.onSuccess?.(result, f, vars);
    },
    onError: (error, { vars }) => {
      const keep = typeof opts.keepProgressOnError === "function" ? opts.keepProgressOnError(vars) : opts.keepProgressOnError;
      if (!keep) setProgress(null);
      opts.onError?.(error, vars);
    },
  });
  function start(...args: V extends void ? [] : [vars: V]) {
    if (!file) return opts.onMissing?.();
    mutation.mutate({ file, vars: args[0] as V });
  }
  return {
    file,
    setFile,
    progress,
    setProgress,
    /** True while the file is on its way or being parsed. */
    busy: mutation.isPending,
    start,
    mutation,
  };
}

export type FileUpload<T = unknown, V = void> = ReturnType<typeof useFileUpload<T, V>>;
