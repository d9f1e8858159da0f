import { Transform } from "node:stream";
import { HELD_MODULE_PRELOAD_ATTRIBUTE, HELD_MODULE_SCRIPT_ATTRIBUTE } from "~/lib/page-handle";

/** How React Router's <Scripts> writes its inline module script (route modules, then the client entry). */
const MODULE_SCRIPT = /(<script\b[^>]*?) type="module" async=""/g;
/** Its module preloads, as they leave lowPriorityModulePreloads (preload-priority.server.ts) or not. */
const MODULE_PRELOAD = /<link rel="modulepreload"(?: fetchpriority="low")? href=/g;
/** Not JavaScript, so the browser keeps it without running it; the page's loader runs a copy on first interaction. */
const HELD_MODULE_SCRIPT_TYPE = "text/plain";

/**
 * On a public form page (handle `{ scripts: "on-first-interaction" }`, decision record 59): turns React Router's
 * module script into an inert one, and its module preloads into links without a `rel`, which fetch nothing. When the
 * visitor first interacts, the page's loader (components/hydrate-on-interaction.tsx) turns the links back into
 * preloads, all fetched at once, and runs the script, which hydrates the page. The preloads are held too: even at low
 * priority or started after the load event, a slow phone spends hundreds of milliseconds on them (the decision record
 * has the measurements). React Router's <Scripts> has no option for this.
 * Works on bytes read as latin1: the markers are ASCII, and UTF-8 text passes through unchanged whatever the chunks.
 */
export function holdModuleScripts(): Transform {
  const hold = (text: string) =>
    Buffer.from(
      text
        .replace(MODULE_SCRIPT, `$1 type="${HELD_MODULE_SCRIPT_TYPE}" ${HELD_MODULE_SCRIPT_ATTRIBUTE}=""`)
        .replace(MODULE_PRELOAD, `<link ${HELD_MODULE_PRELOAD_ATTRIBUTE}="" href=`),
      "latin1",
    );
  let pending = "";
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      const text = pending + chunk.toString("latin1");
      // A tag cut by the chunk boundary waits for the next chunk.
      const lastTag = text.lastIndexOf("<");
      const cut = lastTag !== -1 && text.indexOf(">", lastTag) === -1 ? lastTag : text.length;
      pending = text.slice(cut);
      callback(null, hold(text.slice(0, cut)));
    },
    flush(callback) {
      callback(null, hold(pending));
    },
  });
}
