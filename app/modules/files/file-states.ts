/**
 * What the pages and the download routes say about a file that cannot be opened yet or any more: a HEIC photo waiting
 * for its conversion, or one whose conversion failed (its original deleted). Shared with the browser.
 */
export const fileStateMessages = {
  converting: "Photo en cours de préparation\u202f: elle sera consultable dans une minute environ.",
  failed: "Fichier illisible, renvoyez-le.",
} as const;

/** The sentence to show instead of a link, or null when the file can be opened. */
export function unavailableFileText(state: string | null | undefined): string | null {
  if (state === "converting") return fileStateMessages.converting;
  if (state === "failed") return fileStateMessages.failed;
  return null;
}
