import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { LibraryItemType, LibraryList } from "@adesua/domain";
import { api } from "@/lib/api";

export type LibraryFilters = { search: string; type: LibraryItemType | ""; page: number; limit: number };

/** GET /library: what the viewer may see, searched and paged by the server. */
export const useLibrary = (f: LibraryFilters) =>
  useQuery({
    queryKey: ["library", "list", f],
    queryFn: ({ signal }) =>
      api<LibraryList>("/library", { query: { search: f.search || undefined, type: f.type || undefined, page: f.page, limit: f.limit }, signal }),
    placeholderData: keepPreviousData,
  });
