import { RATING_HIGH_FROM, RATING_MEDIUM_FROM, type PerformanceRating, type PerformanceStatus } from "@adesua/domain/rules";

/** The area a performance page sits in: links stay in it (admins may use the teacher area and back). */
export const areaBaseOf = (pathname: string) => (pathname.startsWith("/admin/") ? "/admin/dashboard" : "/teachers/dashboard");

/** Score with two decimals, the spec's display rule; a dash without one. */
export const score = (v: number | null | undefined) => (v === null || v === undefined ? "—" : `${v.toFixed(2)}%`);

/** Pass rate "N/A" when absent (spec §9). */
export const passRate = (v: number | null | undefined) => (v === null || v === undefined ? "N/A" : `${v.toFixed(2)}%`);

/** Max attempts "Unlimited" when absent (spec §9). */
export const maxAttempts = (v: number | null) => (v === null ? "Unlimited" : String(v));

/** Grades' colours: green at 70, orange at 50, else red (spec §9). */
export const gradeColor = (v: number | null | undefined) => (v == null ? "gray" : v >= RATING_HIGH_FROM ? "green" : v >= RATING_MEDIUM_FROM ? "orange" : "red");

export const STATUS_LABEL: Record<PerformanceStatus, string> = { active: "Active", expired: "Expired", upcoming: "Upcoming" };
export const STATUS_COLOR: Record<PerformanceStatus, string> = { active: "green", expired: "gray", upcoming: "blue" };
export const RATING_LABEL: Record<PerformanceRating, string> = { high: "High", medium: "Medium", low: "Low" };
export const RATING_COLOR: Record<PerformanceRating, string> = { high: "green", medium: "orange", low: "red" };

/**
 * The first column of a wide performance table stays in view while the rest scrolls sideways (a phone sees the name and,
 * beside it, the key figure: issue 24). A solid background, so the scrolled cells pass under it.
 */
export const PINNED = {
  position: "sticky",
  left: 0,
  zIndex: 1,
  background: "var(--mantine-color-body)",
  boxShadow: "inset -1px 0 0 var(--mantine-color-default-border)",
  minWidth: 110,
  maxWidth: "40vw",
  overflowWrap: "break-word",
} as const;
