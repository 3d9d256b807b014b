// How deep a parsed JSON body nests, for the guard both apps keep in front of validation: a 256 KiB
// body can nest 100,000 levels, and recursive code (validation, serialising an error) would then run
// out of stack.

/** The deepest legal request (a quote's polygon corner, a bend point) nests 6 levels. */
export const MAX_JSON_DEPTH = 32;

/** How deep a parsed JSON value nests (a scalar is 0, `[]` is 1), walked without recursion; stops past `limit`. */
export function measureJsonDepth(value: unknown, limit = MAX_JSON_DEPTH): number {
  let deepest = 0;
  const stack: Array<{ value: unknown; depth: number }> = [{ value, depth: 0 }];
  while (stack.length > 0) {
    const next = stack.pop()!;
    if (next.value === null || typeof next.value !== 'object') continue;
    const depth = next.depth + 1;
    if (depth > deepest) deepest = depth;
    if (deepest > limit) return deepest;
    const children = Array.isArray(next.value) ? next.value : Object.values(next.value);
    for (const child of children) {
      if (child !== null && typeof child === 'object') stack.push({ value: child, depth });
    }
  }
  return deepest;
}
