/**
 * A user's search term as a literal inside a LIKE/ILIKE pattern: `\`, `%` and `_` are escaped (PostgreSQL's default
 * escape character is the backslash), so "50%" or "jean_d" match themselves and are not wildcards.
 */
export function escapeLike(term: string): string {
  return term.replace(/[\\%_]/g, (char) => `\\${char}`);
}

/** `%term%` with the term taken literally. */
export function containsPattern(term: string): string {
  return `%${escapeLike(term)}%`;
}
