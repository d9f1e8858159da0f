// Runs inside an inspection worker thread (see inspection-worker.mjs), never on the server's main thread.
import { Readable } from "node:stream";
import type { MessagePort } from "node:worker_threads";
import {
  checkPdfStructure,
  convertHeicToJpeg,
  inspectHeic,
  inspectImage,
  inspectPdf,
  type InspectedImage,
} from "./file-inspection.server";
import { PdfLimitError, scanPdfStructure } from "./pdf-structure.server";
import { UploadError, type UploadProblem } from "./upload-error";

export type InspectionTask =
  | { kind: "image" | "heic" | "pdf" | "heic-convert"; data: Uint8Array }
  /** A PDF too large to hold: its bytes come chunk by chunk over the port, one chunk per request (backpressure). */
  | { kind: "pdf-stream"; port: MessagePort };

export type InspectionOutcome =
  | { ok: true; image?: Omit<InspectedImage, "output"> & { output: Uint8Array }; width?: number; height?: number; pageCount?: number }
  | { ok: false; problem: UploadProblem };

/** A chunk asked for, a chunk received; `null` ends the file, `{ failed: true }` means the main thread could not read it. */
async function* pull(port: MessagePort): AsyncGenerator<Buffer> {
  try {
    for (;;) {
      const next = new Promise<unknown>((resolve) => port.once("message", resolve));
      port.postMessage("next");
      const message = await next;
      if (message === null) return;
      if (message instanceof Uint8Array) yield Buffer.from(message.buffer, message.byteOffset, message.byteLength);
      else throw new Error("lecture du fichier interrompue");
    }
  } finally {
    port.close();
  }
}

async function run(task: InspectionTask): Promise<InspectionOutcome> {
  switch (task.kind) {
    case "image": {
      const image = await inspectImage(Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength));
      return { ok: true, image };
    }
    case "heic": {
      const size = await inspectHeic(Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength));
      return { ok: true, ...size };
    }
    case "heic-convert": {
      const image = await convertHeicToJpeg(Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength));
      return { ok: true, image };
    }
    case "pdf": {
      const bytes = Buffer.from(task.data.buffer, task.data.byteOffset, task.data.byteLength);
      // The streaming scan first: it counts what object streams inflate to and stops at its cap, where pdf-lib
      // would inflate everything. Only its limits count here: pdf-lib, more tolerant, judges the structure.
      try {
        await scanPdfStructure(Readable.from([bytes]));
      } catch (error) {
        if (error instanceof PdfLimitError) throw new UploadError("uncheckable", undefined, { cause: error });
      }
      return { ok: true, ...(await inspectPdf(bytes)) };
    }
    case "pdf-stream":
      return { ok: true, ...(await checkPdfStructure(pull(task.port))) };
  }
}

/** The worker's task: an UploadError comes back as its problem (errors lose their class between threads). */
export async function inspect(task: InspectionTask): Promise<InspectionOutcome> {
  try {
    return await run(task);
  } catch (error) {
    if (error instanceof UploadError) return { ok: false, problem: error.problem };
    throw error;
  }
}
