import { Transform } from "node:stream";

const PRELOAD = '<link rel="modulepreload"';
const LOW_PRIORITY_PRELOAD = '<link rel="modulepreload" fetchpriority="low"';
const HEAD_END = "</head>";

/**
 * Marks the page's module preloads as low priority, in the head only. React Router writes one per script of the page
 * (twenty-odd on a form) and the browser fetches them at high priority, sharing a slow phone's bandwidth with the
 * stylesheet, the page's only render-blocking request: the text showed late. Low, they follow it and still arrive
 * before the inline module script imports them. React Router's <Scripts> offers no attribute for this.
 * Works on bytes read as latin1: the markers are ASCII, and UTF-8 text passes through unchanged whatever the chunks.
 */
export function lowPriorityModulePreloads(): Transform {
  const lower = (bytes: string) => Buffer.from(bytes.replaceAll(PRELOAD, LOW_PRIORITY_PRELOAD), "latin1");
  let pending = "";
  let inHead = true;
  return new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      if (!inHead) return callback(null, chunk);
      const text = pending + chunk.toString("latin1");
      const headEnd = text.indexOf(HEAD_END);
      if (headEnd !== -1) {
        inHead = false;
        pending = "";
        return callback(null, Buffer.concat([lower(text.slice(0, headEnd)), Buffer.from(text.slice(headEnd), "latin1")]));
      }
      // A tag cut by the chunk boundary waits for the next chunk.
      const lastTag = text.lastIndexOf("<");
      const cut = lastTag !== -1 && text.length - lastTag < PRELOAD.length ? lastTag : text.length;
      pending = text.slice(cut);
      callback(null, lower(text.slice(0, cut)));
    },
    flush(callback) {
      callback(null, lower(pending));
    },
  });
}
