import { QueryClient } from "@tanstack/react-query";
import { ApiError } from "../lib/api";

/** The app's one query cache (the providers give it to React; route loaders fill it before a page renders). */
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: {
      staleTime: 30_000,
      // A refusal or a missing row will not change on retry; a network blip might.
      retry: (n, err) => !(err instanceof ApiError && err.status < 500) && n < 2,
      refetchOnWindowFocus: false,
    },
  },
});
