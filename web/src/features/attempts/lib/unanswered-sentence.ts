/** The sentence naming the questions a student has not answered (the Submit Quiz and Next Section confirmations). */

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
