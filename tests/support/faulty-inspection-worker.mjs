// An inspection worker that misbehaves on files carrying a marker, for the pool's fault tests: PLANTAGE → the thread
// dies mid-check (an uncaught error), BOUCLE → it never returns. Every other file gets the real checks.
import inspect from "../../app/modules/files/inspection-worker.mjs";

export default async function faultyInspect(task) {
  if (task.data) {
    const text = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength).toString("latin1");
    if (text.includes("PLANTAGE")) {
      setImmediate(() => {
        throw new Error("plantage du fil de vérification");
      });
      return new Promise(() => undefined);
    }
    if (text.includes("BOUCLE")) for (;;);
  }
  return inspect(task);
}
