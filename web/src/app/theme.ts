import { CloseButton, createTheme, DEFAULT_THEME, type MantineColorsTuple } from "@mantine/core";

/**
 * Contrast (WCAG AA, issue 9): Mantine's default shade 6 puts white text on green at 2.36:1 and
 * its "dimmed" grey (gray.6) on white at 3.32:1. Instead of patching buttons one by one, the theme
 * uses shade 8 for every filled, light and text colour, and shades 7–9 of each colour are darkened
 * (same hue) until white text on them, and their text on their own 10 % tint, passes 4.5:1:
 * shade 7 ≥ 4.7:1, shade 8 ≥ 5.6:1, shade 9 ≥ 7:1 against white; red.6 (errors) 4.8:1, gray.6 (dimmed) 5.5:1, gray.5 (placeholders) ≥ 4.5:1.
 * The figures come from the WCAG relative-luminance formula; the axe check in the browser journeys
 * verifies them on every page.
 */
const shades = (name: keyof typeof DEFAULT_THEME.colors, s7: string, s8: string, s9: string): MantineColorsTuple => {
  const base = DEFAULT_THEME.colors[name];
  return [base[0], base[1], base[2], base[3], base[4], base[5], base[6], s7, s8, s9];
};

const colors = {
  green: shades("green", "#298339", "#237532", "#1f652d"),
  // red.6 is Mantine's error colour (field messages, invalid inputs).
  red: shades("red", "#e41212", "#ca1e1e", "#a92323").map((c, i) => (i === 6 ? "#e41212" : c)) as unknown as MantineColorsTuple,
  orange: shades("orange", "#c05005", "#b04409", "#9d340b"),
  yellow: shades("yellow", "#9e6700", "#975800", "#884600"),
  teal: shades("teal", "#09825e", "#077553", "#066548"),
  blue: shades("blue", "#1a75c6", "#1769b4", "#155a99"),
  cyan: shades("cyan", "#0d7f91", "#0a7081", "#096070"),
  lime: shades("lime", "#507f0f", "#45720a", "#3d6309"),
  pink: shades("pink", "#d52f69", "#c2255c", "#a61e4d"),
  indigo: shades("indigo", "#4263eb", "#3b5bdb", "#344dc1"),
  // gray.6 is "dimmed" text, gray.5 placeholders (axe checks those drawn as text, e.g. a file input's).
  gray: DEFAULT_THEME.colors.gray.map((c, i) => (i === 6 ? "#636a72" : i === 5 ? "#6a7178" : c)) as unknown as MantineColorsTuple,
};

export const theme = createTheme({
  primaryColor: "green",
  primaryShade: { light: 8, dark: 8 },
  colors,
  defaultRadius: "md",
  components: {
    // Every close "×" (dialogs, notifications, clearable inputs) has a name a screen reader can say.
    CloseButton: CloseButton.extend({ defaultProps: { "aria-label": "Close" } as Record<string, string> }),
  },
  fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif",
  headings: { fontFamily: "system-ui, -apple-system, 'Segoe UI', Roboto, 'Noto Sans', sans-serif" },
});
