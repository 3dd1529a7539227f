/** The spec's subject icons, chosen by a keyword in the subject's name (emoji: no icon library to download). */
const ICONS: [RegExp, string][] = [
  [/math/i, "➗"],
  [/english/i, "📖"],
  [/science/i, "🔬"],
  [/social/i, "🌍"],
  [/french/i, "🇫🇷"],
  [/religious|rme/i, "🕊️"],
  [/technology|design|ict|computing/i, "🛠️"],
];

export function subjectIcon(subject: string): string {
  return ICONS.find(([re]) => re.test(subject))?.[1] ?? "📚";
}
