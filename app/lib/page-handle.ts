/**
 * Route `handle` flags. A public content page sets `{ scripts: false }`: it is complete as server-rendered HTML,
 * so it ships no JavaScript at all (decision record 11). Pages with forms keep their scripts; a public form page
 * sets `{ scripts: "on-first-interaction" }`: its scripts are fetched and run only once the visitor touches, types,
 * scrolls or moves the pointer (decision record 59). Until then the form works as plain HTML.
 */
export type PageHandle = { scripts?: boolean | "on-first-interaction" };

export const staticPageHandle: PageHandle = { scripts: false };

export const publicFormPageHandle: PageHandle = { scripts: "on-first-interaction" };

export function pageRunsWithoutScripts(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  const leaf = matches.at(-1)?.handle as PageHandle | undefined;
  return leaf?.scripts === false;
}

/** What marks a held page's module script and preloads, for the server that holds them and the page's loader. */
export const HELD_MODULE_SCRIPT_ATTRIBUTE = "data-held-module";
export const HELD_MODULE_PRELOAD_ATTRIBUTE = "data-held-modulepreload";

export function pageScriptsWaitForInteraction(matches: ReadonlyArray<{ handle?: unknown }>): boolean {
  const leaf = matches.at(-1)?.handle as PageHandle | undefined;
  return leaf?.scripts === "on-first-interaction";
}

/**
 * The Cache-Control of a static page's HTML (app/entry.server.tsx): kept by the browser and revalidated by ETag.
 * Also the sign the public-page cache (server/public-page-cache.ts) looks for: a render answered with anything else
 * (no-store) is never cached.
 */
export const STATIC_PAGE_CACHE_CONTROL = "private, no-cache";
