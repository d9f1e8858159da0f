import { Readable } from "node:stream";
import { PDF_FULL_PARSE_BYTES, looksComplete } from "./file-inspection.server";
import type { InspectionPool } from "./inspection-pool.server";
import type { FileFacts, FileStorage, WrittenObject } from "./files.server";
import type { StreamedFile } from "./multipart-stream.server";
import { UploadError } from "./upload-error";

// The upload pipeline's second stage: each stored file decoded, parsed or re-encoded in the inspection pool.

export interface CheckedFile {
  field: string;
  sha256: string;
  written: WrittenObject;
  facts: Omit<FileFacts, "ownerId">;
}


function asRecordable(written: WrittenObject) {
  return {
    id: written.fileId,
    object_name: written.objectName,
    key_id: written.keyId,
    wrapped_key: written.wrappedKey,
    nonce_prefix: written.noncePrefix,
    segment_bytes: written.segmentBytes,
  };
}

/**
 * The decrypted file in one buffer of its exact size (no doubling while collecting chunks), on its own memory so it
 * can move to an inspection worker without a copy.
 */
async function readWritten(storage: FileStorage, object: WrittenObject): Promise<Buffer> {
  const out = Buffer.alloc(object.sizeBytes);
  let offset = 0;
  for await (const chunk of await storage.openObject(asRecordable(object))) {
    const bytes = chunk as Buffer;
    if (offset + bytes.length > out.length) throw new UploadError("truncated");
    bytes.copy(out, offset);
    offset += bytes.length;
  }
  return out.subarray(0, offset);
}

/** Every decode, parse or re-encode runs in the inspection pool (worker threads, time and memory limits per file). */
export async function checkFile(file: StreamedFile, storage: FileStorage, written: WrittenObject[], inspection: InspectionPool): Promise<CheckedFile> {
  const { field } = file;
  if (file.written.sizeBytes === 0) throw new UploadError("empty", field);
  if (!looksComplete(file.type, file.tail)) throw new UploadError("truncated", field);
  const base = { field, sha256: file.sha256, facts: { originalName: file.originalName } };
  switch (file.type) {
    case "image/jpeg":
    case "image/png": {
      const image = await inspection.inspectImage(() => readWritten(storage, file.written), field);
      // The re-encoded image replaces what was sent: EXIF and GPS never reach the store's final object.
      const clean = await storage.writeObject(file.written.fileId, Readable.from([image.output]));
      written.push(clean);
      await storage.discardObject(file.written.objectName);
      written.splice(written.indexOf(file.written), 1);
      return {
        ...base,
        written: clean,
        facts: {
          ...base.facts,
          mediaType: image.mediaType,
          width: image.width,
          height: image.height,
          warnings: image.warnings,
        },
      };
    }
    case "image/heic":
    case "image/heif": {
      const size = await inspection.inspectHeic(() => readWritten(storage, file.written), field);
      return {
        ...base,
        written: file.written,
        facts: { ...base.facts, mediaType: file.type, status: "converting", width: size.width, height: size.height },
      };
    }
    case "application/pdf": {
      // Ordinary-sized files: pdf-lib's full parse (the whole file in memory, one at a time). Larger ones: the
      // streaming structural check, in bounded memory.
      const pdf =
        file.written.sizeBytes <= PDF_FULL_PARSE_BYTES
          ? await inspection.inspectPdf(() => readWritten(storage, file.written), field)
          : await inspection.inspectPdfStream(() => storage.openObject(asRecordable(file.written)), field);
      return { ...base, written: file.written, facts: { ...base.facts, mediaType: file.type, pageCount: pdf.pageCount } };
    }
  }
}
