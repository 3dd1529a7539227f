/** Naming the questions a student has not answered, for the Submit Quiz confirmation. */

type Numbered = { id: number; index: number };

/** 1-based numbers of the questions without an answer, in order. */
export function unansweredNumbers(questions: readonly Numbered[], answers: Readonly<Record<number, string | undefined>>): number[] {
  return questions
    .filter((q) => !answers[q.id]?.trim())
    .map((q) => q.index + 1)
    .sort((a, b) => a - b);
}

/**
 * "3", "3 and 5", "1, 4 and 9"; runs of three or more become ranges: "1–4, 7 and 9".
 */
export function formatNumberList(nums: readonly number[]): string {
  const sorted = [...new Set(nums)].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length;) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    if (j - i >= 2) parts.push(`${sorted[i]}–${sorted[j]}`);
    else for (let k = i; k <= j; k++) parts.push(String(sorted[k]));
    i = j + 1;
  }
  if (parts.length <= 1) return parts.join("");
  return `${parts.slice(0, -1).join(", ")} and ${parts[parts.length - 1]}`;
}

/** The sentence the confirmation shows. */
export function unansweredSentence(nums: readonly number[]): string {
  if (nums.length === 0) return "You have answered every question.";
  if (nums.length === 1) return `You have not answered question ${nums[0]}.`;
  return `You have not answered questions ${formatNumberList(nums)} (${nums.length} unanswered).`;
}
