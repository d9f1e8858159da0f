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

/**
 * A whole email address ("jeanne.durand@exemple.fr"): searched first by equality on the unique index of
 * lower(email) (migration 0002), before any contains search (decision 0057).
 */
export const FULL_ADDRESS = /^[^@\s]+@[^@\s]+\.[a-z]{2,}$/i;

/** A whole case number ("RC-2026-000123", padded to at least six digits, migration 0050): its unique index first. */
export const FULL_CASE_NUMBER = /^RC-\d{4}-\d{6,}$/i;
