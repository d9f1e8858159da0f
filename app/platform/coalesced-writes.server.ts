import { Transform } from "node:stream";

/** Past this many bytes held, a batch goes on without waiting for the renderer's flush. */
const MAX_HELD_BYTES = 256 * 1024;

export type CoalescedWrites = Transform & { flush(): void };

/**
 * Holds the renderer's small writes and passes them on as one chunk each time it flushes. React writes a page in
 * views of 4 KB and calls `flush()` on its destination after each batch; React Router's Express adapter then writes
 * every chunk it reads to the response and flushes the compression stream after each, so a 100 KB page left the
 * process as some thirty compressed pieces and socket writes. One chunk per batch makes it one or two.
 */
export function coalescedWrites(): CoalescedWrites {
  let held: Buffer[] = [];
  let heldBytes = 0;
  let scheduled: NodeJS.Immediate | null = null;
  const stream = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      held.push(chunk);
      heldBytes += chunk.length;
      if (heldBytes >= MAX_HELD_BYTES) release();
      // A writer that never flushes is still passed on, once per turn of the event loop.
      else scheduled ??= setImmediate(release);
      callback();
    },
    flush(callback) {
      release();
      callback();
    },
  }) as CoalescedWrites;
  function release() {
    if (scheduled) clearImmediate(scheduled);
    scheduled = null;
    if (heldBytes === 0) return;
    const batch = held.length === 1 ? held[0]! : Buffer.concat(held, heldBytes);
    held = [];
    heldBytes = 0;
    stream.push(batch);
  }
  stream.flush = release;
  return stream;
}
