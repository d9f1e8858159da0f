/**
 * Route `handle` flags. A public content page sets `{ scripts: false }`: it is complete as server-rendered HTML,
 * so it ships no JavaScript at all (decision record 11). Pages with forms keep their scripts.
 */
export type PageHandle = { scripts?: boolean };

export const staticPageHandle: PageHandle = { scripts: false };

export function pageRunsWithoutScripts(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  const leaf = matches.at(-1)?.handle as PageHandle | undefined;
  return leaf?.scripts === false;
}
