import { createHash, randomUUID } from "node:crypto";
import { Readable, Transform, type TransformCallback } from "node:stream";
import type { ReadableStream as WebReadableStream } from "node:stream/web";
import { Busboy, type BusboyFileStream } from "@fastify/busboy";
import type { UploadedMediaType } from "~/platform/database-schema";
import { HEAD_BYTES, detectType } from "./file-inspection.server";
import { sanitizeFileName } from "./file-names";
import type { FileStorage, WrittenObject } from "./files.server";
import { UploadError } from "./upload-error";
import { MAX_FIELD_BYTES, MAX_TEXT_FIELDS, maxRequestBytesFor } from "./upload-limits";
import { MAX_UPLOAD_BYTES } from "./upload-messages";

// The upload pipeline's first stage: the multipart body streamed, file by file, through sniffing into the store.

const TAIL_BYTES = 1024;

/** Counts, sniffs and watches the end of a file as it streams past, without holding more than its first 4 KiB. */
class FileInspector extends Transform {
  bytes = 0;
  type: UploadedMediaType | undefined;
  tail = Buffer.alloc(0);
  /** SHA-256 of every byte as sent, before any re-encoding. */
  readonly hash = createHash("sha256");
  private head: Buffer[] = [];
  private headBytes = 0;

  constructor(
    private readonly field: string,
    private readonly maxBytes: number,
  ) {
    super();
  }

  private async decide(): Promise<void> {
    const head = Buffer.concat(this.head);
    this.head = [];
    if (head.length === 0) throw new UploadError("empty", this.field);
    this.type = await detectType(head);
    if (!this.type) throw new UploadError("wrongType", this.field);
    this.push(head);
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    this.bytes += chunk.length;
    if (this.bytes > this.maxBytes) return callback(new UploadError("tooLarge", this.field));
    this.hash.update(chunk);
    this.tail = Buffer.concat([this.tail, chunk.subarray(-TAIL_BYTES)]).subarray(-TAIL_BYTES);
    if (this.type) return callback(null, chunk);
    this.head.push(chunk);
    this.headBytes += chunk.length;
    if (this.headBytes < HEAD_BYTES) return callback();
    this.decide().then(() => callback(), callback);
  }

  override _flush(callback: TransformCallback): void {
    if (this.type) return callback();
    this.decide().then(() => callback(), callback);
  }
}

export interface StreamedFile {
  /** Position in the request: files are recorded in the order they were sent. */
  order: number;
  field: string;
  originalName: string;
  type: UploadedMediaType;
  tail: Buffer;
  sha256: string;
  written: WrittenObject;
}

export function streamIntoStore(
  request: Request,
  fileFields: Record<string, number>,
  storage: FileStorage,
  written: WrittenObject[],
  pending: Promise<unknown>[],
): Promise<{ streamed: StreamedFile[]; fields: Record<string, string> }> {
  return new Promise((resolve, reject) => {
    const contentType = request.headers.get("content-type") ?? "";
    if (!/^multipart\/form-data;\s*boundary=/i.test(contentType) || !request.body) {
      reject(new UploadError("badRequest"));
      return;
    }
    const maxBytes = maxRequestBytesFor(fileFields);
    const declared = Number(request.headers.get("content-length") ?? "0");
    if (declared > maxBytes) {
      reject(new UploadError("tooLarge"));
      return;
    }
    const maxFiles = Object.values(fileFields).reduce((sum, count) => sum + count, 0);
    let parser: ReturnType<typeof Busboy>;
    try {
      parser = Busboy({
        headers: { "content-type": contentType },
        limits: {
          fileSize: MAX_UPLOAD_BYTES,
          files: maxFiles,
          fields: MAX_TEXT_FIELDS,
          parts: maxFiles + MAX_TEXT_FIELDS,
          fieldSize: MAX_FIELD_BYTES,
          headerPairs: 20,
        },
      });
    } catch (error) {
      reject(new UploadError("badRequest", undefined, { cause: error }));
      return;
    }

    const source = Readable.fromWeb(request.body as unknown as WebReadableStream<Uint8Array>);
    let received = 0;
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        received += chunk.length;
        if (received > maxBytes) return callback(new UploadError("tooLarge"));
        callback(null, chunk);
      },
    });
    const streamed: StreamedFile[] = [];
    const fields: Record<string, string> = {};
    const perField: Record<string, number> = {};
    const inspectors = new Set<FileInspector>();
    let arrival = 0;
    let failed = false;

    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      for (const inspector of inspectors) inspector.destroy(error as Error);
      source.unpipe(counter);
      counter.unpipe(parser);
      // Let the rest of the body drain so the answer reaches the browser; stop for good past the request limit.
      if (error instanceof UploadError && error.problem === "tooLarge" && received > maxBytes) source.destroy();
      else source.resume();
      reject(error);
    };

    const onAbort = () => fail(new UploadError("interrupted"));
    request.signal.addEventListener("abort", onAbort, { once: true });
    source.on("error", (error) => fail(new UploadError("interrupted", undefined, { cause: error })));
    counter.on("error", fail);
    parser.on("error", (error: unknown) => fail(new UploadError("badRequest", undefined, { cause: error })));
    parser.on("filesLimit", () => fail(new UploadError("tooManyFiles")));
    parser.on("partsLimit", () => fail(new UploadError("tooManyFiles")));
    parser.on("fieldsLimit", () => fail(new UploadError("tooManyFiles")));
    parser.on("field", (name: string, value: string, _nameTruncated: boolean, valueTruncated: boolean) => {
      if (valueTruncated) fail(new UploadError("badRequest", name));
      else fields[name] = value;
    });
    parser.on("file", (field: string, file: BusboyFileStream, filename: string) => {
      if (failed) return void file.resume();
      // A file input left empty arrives as a part with no name and no bytes: nothing was chosen.
      if (!filename) return void file.resume();
      const allowed = fileFields[field];
      if (!allowed) {
        file.resume();
        return fail(new UploadError("badRequest", field));
      }
      perField[field] = (perField[field] ?? 0) + 1;
      if (perField[field] > allowed) {
        file.resume();
        return fail(new UploadError("tooManyFiles", field));
      }
      const inspector = new FileInspector(field, MAX_UPLOAD_BYTES);
      // Its errors reach us through writeObject's promise; a second one after destroy must not crash the process.
      inspector.on("error", () => undefined);
      const order = arrival++;
      inspectors.add(inspector);
      file.on("limit", () => {
        inspector.destroy(new UploadError("tooLarge", field));
        file.resume();
      });
      file.on("error", (error) => inspector.destroy(error));
      file.pipe(inspector);
      const task = storage
        .writeObject(randomUUID(), inspector)
        .then((object) => {
          written.push(object);
          if (inspector.destroyed && inspector.errored) throw inspector.errored;
          streamed.push({
            order,
            field,
            originalName: sanitizeFileName(filename),
            type: inspector.type!,
            tail: inspector.tail,
            sha256: inspector.hash.digest("hex"),
            written: object,
          });
        })
        .finally(() => inspectors.delete(inspector));
      pending.push(task);
      task.catch((error: unknown) => {
        file.resume();
        fail(error);
      });
    });
    parser.on("finish", () => {
      Promise.all(pending).then(
        () => {
          if (failed) return;
          request.signal.removeEventListener("abort", onAbort);
          resolve({ streamed: streamed.sort((a, b) => a.order - b.order), fields });
        },
        fail,
      );
    });
    source.pipe(counter).pipe(parser);
  });
}
