/** The deepest JSON a request body may be (issue 25 item 5): the deepest real body is about 5 levels. */
export const MAX_JSON_DEPTH = 64;

export const TOO_DEEP_MESSAGE = "The request is nested too deeply";

/**
 * How deeply `text` nests arrays and objects, read in one pass without recursion (so a body 100,000
 * levels deep costs one loop, not a stack); stops counting once past `limit`. Brackets inside strings,
 * escaped quotes included, do not count. The text need not be valid JSON: the parser judges that after.
 */
export function jsonDepthExceeds(text: string, limit = MAX_JSON_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: skip the escaped character
      else if (c === 0x22) inString = false;
      continue;
    }
    if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > limit) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
}
