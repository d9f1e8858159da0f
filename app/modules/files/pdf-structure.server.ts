import { inflateSync } from "node:zlib";

/**
 * A structural check of a PDF read as a stream, in bounded memory whatever the file's size: stream contents are
 * skipped (by their direct /Length, else up to `endstream`), comments dropped, and only object dictionaries, trailers
 * and the (small) compressed object streams are looked at. Finds whether the file is encrypted, whether it has a
 * catalog and how many pages it declares. pdf-lib needs the whole file in memory (and copies of it), which ten
 * parallel 30 MB uploads cannot afford; it still runs on small files (see file-inspection.server.ts).
 */
export interface PdfStructure {
  encrypted: boolean;
  pageCount: number;
}

export class PdfStructureError extends Error {
  override name = "PdfStructureError";
}

/** The file would cost more to check than any honest PDF does (a decompression bomb): refused, not judged broken. */
export class PdfLimitError extends PdfStructureError {
  override name = "PdfLimitError";
}

/** Longest run of dictionary text between two objects (an xref table is dropped at `trailer`). */
const MAX_TEXT_BYTES = 8 * 1024 * 1024;
/** Compressed object streams are small (dictionaries only); refuse absurd ones rather than inflating them. */
const MAX_OBJECT_STREAM_BYTES = 8 * 1024 * 1024;
/** What all object streams of one file may inflate to together; inflating stops at this count. */
export const MAX_INFLATED_BYTES = 16 * 1024 * 1024;

type State = "text" | "comment" | "string" | "stream-eol" | "stream-length" | "stream-scan";

const ENDSTREAM = Buffer.from("endstream");

class ByteText {
  bytes = Buffer.allocUnsafe(4096);
  length = 0;
  push(byte: number) {
    if (this.length === this.bytes.length) {
      if (this.length >= MAX_TEXT_BYTES) throw new PdfStructureError("dictionnaire démesuré");
      const grown = Buffer.allocUnsafe(Math.min(this.bytes.length * 2, MAX_TEXT_BYTES));
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
    this.bytes[this.length++] = byte;
  }
  endsWith(word: string): boolean {
    if (this.length < word.length) return false;
    for (let i = 0; i < word.length; i += 1) {
      if (this.bytes[this.length - word.length + i] !== word.charCodeAt(i)) return false;
    }
    return true;
  }
  toString(): string {
    return this.bytes.toString("latin1", 0, this.length);
  }
  reset(to = "") {
    if (this.bytes.length > 64 * 1024) this.bytes = Buffer.allocUnsafe(4096);
    this.length = 0;
    for (let i = 0; i < to.length; i += 1) this.push(to.charCodeAt(i));
  }
}

const OBJECT_HEADER = /(\d+)\s+(\d+)\s+obj\b/;
const isPages = (body: string) => /\/Type\s*\/Pages\b/.test(body);
const isPage = (body: string) => /\/Type\s*\/Page\b/.test(body);

export class PdfStructureScanner {
  private state: State = "text";
  private text = new ByteText();
  private stringDepth = 0;
  private stringEscape = false;
  private remaining = 0;
  private carry = Buffer.alloc(0);
  private capture: Buffer[] | undefined;
  private captured = 0;
  private streamDict = "";
  private headerSeen = false;
  private head = "";
  private bytesSeen = 0;
  private objects = 0;
  private catalog = false;
  private encrypted = false;
  private brokenObjectStream = false;
  private inflated = 0;
  /** Page objects by number (a later definition, in an incremental update, replaces an earlier one). */
  private pages = new Map<number, boolean>();
  /** /Count of page-tree roots (no /Parent) by object number. */
  private roots = new Map<number, number>();

  feed(chunk: Buffer): void {
    if (!this.headerSeen && this.bytesSeen < 1024) {
      this.head += chunk.subarray(0, 1024 - this.bytesSeen).toString("latin1");
      if (this.head.includes("%PDF-")) this.headerSeen = true;
    }
    this.bytesSeen += chunk.length;
    let i = 0;
    while (i < chunk.length) {
      switch (this.state) {
        case "comment": {
          let end = i;
          while (end < chunk.length && chunk[end] !== 0x0a && chunk[end] !== 0x0d) end += 1;
          i = end;
          if (end < chunk.length) {
            this.state = "text";
            this.text.push(0x20);
          }
          break;
        }
        case "string": {
          const byte = chunk[i++]!;
          this.text.push(byte);
          if (this.stringEscape) this.stringEscape = false;
          else if (byte === 0x5c) this.stringEscape = true;
          else if (byte === 0x28) this.stringDepth += 1;
          else if (byte === 0x29 && --this.stringDepth === 0) this.state = "text";
          break;
        }
        case "stream-eol": {
          // `stream` is followed by CRLF or LF; a lone CR is tolerated.
          const byte = chunk[i]!;
          if (byte === 0x0d) {
            i += 1;
            break;
          }
          if (byte === 0x0a) i += 1;
          this.startStreamData();
          break;
        }
        case "stream-length": {
          const take = Math.min(this.remaining, chunk.length - i);
          this.keep(chunk.subarray(i, i + take));
          i += take;
          this.remaining -= take;
          if (this.remaining === 0) this.endStreamData();
          break;
        }
        case "stream-scan": {
          const window = Buffer.concat([this.carry, chunk.subarray(i)]);
          const at = window.indexOf(ENDSTREAM);
          if (at < 0) {
            const keepUntil = Math.max(0, window.length - ENDSTREAM.length);
            this.keep(window.subarray(0, keepUntil));
            this.carry = Buffer.from(window.subarray(keepUntil));
            i = chunk.length;
          } else {
            // Resume as text at `endstream`; when it began in the carried bytes, those letters go to the text first.
            const resumeAt = i + at - this.carry.length;
            if (resumeAt < i) for (let k = at; k < this.carry.length; k += 1) this.text.push(window[k]!);
            this.keep(window.subarray(0, at));
            this.carry = Buffer.alloc(0);
            this.endStreamData();
            i = Math.max(i, resumeAt);
          }
          break;
        }
        case "text": {
          const byte = chunk[i++]!;
          if (byte === 0x25) {
            this.state = "comment";
            break;
          }
          this.text.push(byte);
          if (byte === 0x28) {
            this.state = "string";
            this.stringDepth = 1;
            this.stringEscape = false;
          } else if (byte === 0x6d /* m */ && this.text.endsWith("stream") && !this.text.endsWith("endstream")) {
            this.onStreamKeyword();
          } else if (byte === 0x6a /* j */ && this.text.endsWith("endobj")) {
            this.onObjectEnd();
          } else if (byte === 0x72 /* r */ && this.text.endsWith("trailer")) {
            // What came before (an xref table) is of no interest.
            this.text.reset("trailer");
          } else if (byte === 0x66 /* f */ && this.text.endsWith("startxref")) {
            this.readTrailer();
            this.text.reset();
          }
          break;
        }
      }
    }
  }

  private keep(bytes: Buffer) {
    if (!this.capture || bytes.length === 0) return;
    this.captured += bytes.length;
    if (this.captured > MAX_OBJECT_STREAM_BYTES) throw new PdfLimitError("flux d'objets démesuré");
    this.capture.push(Buffer.from(bytes));
  }

  private onStreamKeyword() {
    const text = this.text.toString();
    if (!/>>\s*stream$/.test(text)) return;
    const header = OBJECT_HEADER.exec(text);
    if (!header) throw new PdfStructureError("flux hors d'un objet");
    this.streamDict = text.slice(header.index);
    this.state = "stream-eol";
  }

  private startStreamData() {
    const dict = this.streamDict;
    const length = /\/Length(?![0-9A-Za-z])\s+(\d+)(\s+\d+\s+R)?/.exec(dict);
    this.capture = /\/Type\s*\/ObjStm\b/.test(dict) ? [] : undefined;
    this.captured = 0;
    if (length && !length[2]) {
      this.remaining = Number(length[1]);
      this.state = this.remaining > 0 ? "stream-length" : "text";
      if (this.remaining === 0) this.endStreamData();
    } else {
      this.carry = Buffer.alloc(0);
      this.state = "stream-scan";
    }
  }

  private endStreamData() {
    this.state = "text";
    if (this.capture) {
      const data = Buffer.concat(this.capture);
      this.capture = undefined;
      this.readObjectStream(this.streamDict, data);
    }
  }

  private readObjectStream(dict: string, data: Buffer) {
    let content: string;
    const budget = Math.min(MAX_OBJECT_STREAM_BYTES, MAX_INFLATED_BYTES - this.inflated);
    try {
      const raw = /\/Filter\s*\/FlateDecode\b/.test(dict)
        ? inflateSync(data, { maxOutputLength: Math.max(1, budget) })
        : /\/Filter\b/.test(dict)
          ? undefined
          : data;
      if (!raw) throw new Error("filtre non pris en charge");
      this.inflated += raw.length;
      content = raw.toString("latin1");
    } catch (error) {
      // zlib stops as soon as its output passes the budget, without inflating the rest.
      if ((error as NodeJS.ErrnoException).code === "ERR_BUFFER_TOO_LARGE") throw new PdfLimitError("flux d'objets démesuré", { cause: error });
      // Encrypted files have unreadable object streams: decided at the end, once the trailer is known.
      this.brokenObjectStream = true;
      return;
    }
    const count = Number(/\/N\s+(\d+)/.exec(dict)?.[1] ?? "NaN");
    const first = Number(/\/First\s+(\d+)/.exec(dict)?.[1] ?? "NaN");
    if (!Number.isInteger(count) || !Number.isInteger(first) || first > content.length) {
      this.brokenObjectStream = true;
      return;
    }
    const numbers = content.slice(0, first).trim().split(/\s+/).map(Number);
    for (let k = 0; k < count; k += 1) {
      const number = numbers[2 * k];
      const offset = numbers[2 * k + 1];
      const next = k + 1 < count ? numbers[2 * k + 3] : content.length - first;
      if (number === undefined || offset === undefined || next === undefined || [number, offset, next].some((n) => !Number.isInteger(n))) {
        this.brokenObjectStream = true;
        return;
      }
      this.considerObject(number, content.slice(first + offset, first + next));
    }
  }

  private onObjectEnd() {
    const text = this.text.toString();
    const header = OBJECT_HEADER.exec(text);
    this.text.reset();
    if (!header) throw new PdfStructureError("endobj sans obj");
    this.considerObject(Number(header[1]), text.slice(header.index + header[0].length));
  }

  private considerObject(number: number, body: string) {
    this.objects += 1;
    if (/\/Type\s*\/Catalog\b/.test(body)) this.catalog = true;
    if (/\/Type\s*\/XRef\b/.test(body) && /\/Encrypt\b/.test(body)) this.encrypted = true;
    if (isPages(body)) {
      this.pages.delete(number);
      const count = /\/Count\s+(\d+)/.exec(body);
      if (!/\/Parent\b/.test(body) && count) this.roots.set(number, Number(count[1]));
      else this.roots.delete(number);
    } else {
      this.roots.delete(number);
      if (isPage(body)) this.pages.set(number, true);
      else this.pages.delete(number);
    }
  }

  private readTrailer() {
    if (/^trailer[\s\S]*\/Encrypt\b/.test(this.text.toString())) this.encrypted = true;
  }

  finish(): PdfStructure {
    this.readTrailer();
    if (this.state !== "text" && this.state !== "comment") throw new PdfStructureError("fichier coupé");
    if (this.encrypted) return { encrypted: true, pageCount: 0 };
    if (!this.headerSeen) throw new PdfStructureError("en-tête absent");
    if (this.brokenObjectStream) throw new PdfStructureError("flux d'objets illisible");
    if (this.objects === 0 || !this.catalog) throw new PdfStructureError("aucun catalogue");
    const pageCount = this.roots.size > 0 ? Math.max(...this.roots.values()) : this.pages.size;
    return { encrypted: false, pageCount };
  }
}

/** Scans a whole PDF stream; throws PdfStructureError when it is not a PDF's structure. */
export async function scanPdfStructure(source: AsyncIterable<Buffer | Uint8Array>): Promise<PdfStructure> {
  const scanner = new PdfStructureScanner();
  for await (const chunk of source) scanner.feed(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk));
  return scanner.finish();
}
