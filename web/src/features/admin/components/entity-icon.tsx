import { ThemeIcon } from "@mantine/core";
import { entityKind, type EntityKind } from "./log-format";

/** One small outline drawing per kind of entity (24-unit grid); inline SVG, so no icon font or library. */
const PATHS: Record<EntityKind, string> = {
  user: "M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zm-7 8a7 7 0 0 1 14 0",
  course: "M4 5a2 2 0 0 1 2-2h13v16H6a2 2 0 0 0-2 2zm0 0v16M8 7h7",
  quiz: "M9 3h6v3H9zM6 5h12v16H6zM9 11h6M9 15h4",
  result: "M4 4h16v12H4zM8 20h8M12 16v4M8 12l3-3 2 2 3-3",
  question: "M9 9a3 3 0 1 1 4 2.8c-.6.3-1 .9-1 1.6V15M12 19h.01",
  event: "M4 6h16v14H4zM4 10h16M8 3v4M16 3v4",
  notice: "M4 10v4h3l6 4V6L7 10zM17 9a4 4 0 0 1 0 6",
  log: "M6 3h9l3 3v15H6zM9 9h6M9 13h6M9 17h4",
  other: "M6 3h9l3 3v15H6z",
};

const COLORS: Record<EntityKind, string> = {
  user: "violet",
  course: "teal",
  quiz: "blue",
  result: "orange",
  question: "cyan",
  event: "indigo",
  notice: "pink",
  log: "gray",
  other: "gray",
};

export function EntityIcon({ type }: { type: string }) {
  const kind = entityKind(type);
  return (
    <ThemeIcon variant="light" color={COLORS[kind]} size="md" radius="xl" aria-hidden>
      <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round">
        <path d={PATHS[kind]} />
      </svg>
    </ThemeIcon>
  );
}
