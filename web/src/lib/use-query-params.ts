import { useCallback } from "react";
import { useSearchParams } from "react-router";

/**
 * The page's search parameters plus an updater that merges changes into them: a falsy value removes
 * the key. Lists keep page, search and filters in the address so Back returns to the same view.
 */
export function useQueryParams() {
  const [params, setParams] = useSearchParams();
  const update = useCallback(
    (changes: Record<string, string | null>) =>
      setParams((prev) => {
        const next = new URLSearchParams(prev);
        for (const [k, v] of Object.entries(changes)) {
          if (v) next.set(k, v);
          else next.delete(k);
        }
        return next;
      }),
    [setParams],
  );
  return [params, update, setParams] as const;
}
