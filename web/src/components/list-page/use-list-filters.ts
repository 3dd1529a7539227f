import { useCallback, useState } from "react";
import { useDebouncedValue } from "@mantine/hooks";

/**
 * A list's page, search box and filters kept in the page's state: changing the search or a filter goes back to page 1.
 * `query` is the search as sent (trimmed, after `debounceMs` of quiet; 0 sends every keystroke).
 */
export function useListFilters<F extends Record<string, unknown>>(initial: F, { debounceMs = 300 }: { debounceMs?: number } = {}) {
  const [filters, setFilters] = useState(initial);
  const [page, setPage] = useState(1);
  const [search, setSearchText] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), debounceMs);
  const query = debounceMs > 0 ? debounced : search.trim();
  const set = useCallback((changes: Partial<F>) => {
    setFilters((f) => ({ ...f, ...changes }));
    setPage(1);
  }, []);
  const setSearch = useCallback((text: string) => {
    setSearchText(text);
    setPage(1);
  }, []);
  const filtered = !!query || Object.values(filters).some((v) => v !== null && v !== undefined && v !== "");
  return {
    filters,
    set,
    page,
    setPage,
    search,
    setSearch,
    query,
    /** A search or a filter is on (the empty state then says nothing matches). */
    filtered,
    /** Spread into the search TextInput. */
    searchInput: { value: search, onChange: (e: { currentTarget: { value: string } }) => setSearch(e.currentTarget.value) },
  };
}

/** The page number kept in the address (`?page=`), 1 when absent or not a number. */
export const pageParam = (params: URLSearchParams) => Math.max(1, Number(params.get("page")) || 1);
