/**
 * French typography for the site's texts: a non-breaking space where French puts one, so that a '?' or a '%' never
 * starts a line and a figure or a phone number never breaks in two.
 * - narrow no-break space (U+202F) before ? ! : ; € % and inside « » (issue 29: one typographic space);
 * - no-break space (U+00A0) between the groups of a number (15 000) or a phone number (01 23 45 67 89).
 */
export const NBSP = "\u00a0";
export const NNBSP = "\u202f";

export function typeset(text: string): string {
  return (
    text
      // Before double punctuation (not inside URLs such as https://).
      .replace(/[ \u00a0\u202f]+([?!;])/g, `${NNBSP}$1`)
      .replace(/[ \u00a0\u202f]+:(?!\/\/)/g, `${NNBSP}:`)
      // Guillemets.
      .replace(/«[ \u00a0\u202f]*/g, `«${NNBSP}`)
      .replace(/[ \u00a0\u202f]*»/g, `${NNBSP}»`)
      // Before units.
      .replace(/(\d)[ \u00a0\u202f]*(€|%)/g, `$1${NNBSP}$2`)
      // Phone numbers written in pairs (01 23 45 67 89) and digit groups (15 000, 1 247).
      .replace(/\b(\d{2})(?: (\d{2})){4}\b/g, (phone) => phone.replace(/ /g, NBSP))
      .replace(/(\d) (?=\d{3}\b)/g, `$1${NBSP}`)
  );
}
