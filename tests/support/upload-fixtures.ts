import { readFileSync } from "node:fs";
import path from "node:path";
import { crc32, deflateSync } from "node:zlib";
import { PDFDocument, StandardFonts } from "pdf-lib";
import sharp from "sharp";

/** A photo-like picture with detail (sharp edges everywhere), so it is not flagged as blurry. */
function detailedPixels(width: number, height: number, seed = 1): Buffer {
  const raw = Buffer.alloc(width * height * 3);
  let state = seed;
  for (let y = 0; y < height; y += 1) {
    for (let x = 0; x < width; x += 1) {
      state = (state * 1103515245 + 12345) & 0x7fffffff;
      const i = (y * width + x) * 3;
      const checker = ((x >> 3) + (y >> 3)) % 2 ? 220 : 30;
      raw[i] = checker;
      raw[i + 1] = (checker + (state & 0x3f)) & 0xff;
      raw[i + 2] = (x * 7 + y * 3) & 0xff;
    }
  }
  return raw;
}

export interface JpegOptions {
  width?: number;
  height?: number;
  /** EXIF orientation to write (6 = rotate 90° clockwise to display). */
  orientation?: number;
  /** Adds GPS coordinates and a camera maker in EXIF. */
  gps?: boolean;
  blurry?: boolean;
  /** Written in a JPEG comment-like EXIF field so it is inside the file's bytes. */
  marker?: string;
}

export async function jpegFile(options: JpegOptions = {}): Promise<Buffer> {
  const width = options.width ?? 1200;
  const height = options.height ?? 800;
  let image = sharp(detailedPixels(width, height), { raw: { width, height, channels: 3 } });
  if (options.blurry) image = sharp(await image.blur(12).png().toBuffer());
  const exif: Record<string, Record<string, string>> = {};
  if (options.gps || options.marker) {
    exif.IFD0 = { Make: "Téléphone", ImageDescription: options.marker ?? "photo" };
  }
  if (options.gps) exif.IFD3 = { GPSLatitudeRef: "N", GPSLatitude: "48/1 51/1 2400/100", GPSLongitudeRef: "E", GPSLongitude: "2/1 21/1 300/100" };
  let out = image.jpeg({ quality: 92 });
  if (Object.keys(exif).length) out = out.withExif(exif);
  if (options.orientation) out = out.withMetadata({ orientation: options.orientation });
  return out.toBuffer();
}

export async function pngFile(width = 900, height = 700): Promise<Buffer> {
  return sharp(detailedPixels(width, height, 7), { raw: { width, height, channels: 3 } }).png().toBuffer();
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body) >>> 0);
  return Buffer.concat([length, body, crc]);
}

/** A few hundred bytes declaring 50 000 × 50 000 pixels: a decompression bomb. */
export function pngBomb(width = 50_000, height = 50_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", deflateSync(Buffer.alloc(1024))),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

export async function pdfFile(options: { marker?: string; pages?: number; padTo?: number } = {}): Promise<Buffer> {
  const document = await PDFDocument.create();
  const font = await document.embedFont(StandardFonts.Helvetica);
  for (let i = 0; i < (options.pages ?? 1); i += 1) {
    const page = document.addPage([595, 842]);
    page.drawText(options.marker ?? `Justificatif de domicile, page ${i + 1}`, { x: 50, y: 780, size: 12, font });
  }
  let bytes = Buffer.from(await document.save({ useObjectStreams: false }));
  if (options.marker) {
    // Also as a comment line, so the marker is in the file's bytes whatever the content stream's encoding.
    const eof = bytes.lastIndexOf("%%EOF");
    bytes = Buffer.concat([bytes.subarray(0, eof), Buffer.from(`%${options.marker}\n`), bytes.subarray(eof)]);
  }
  if (!options.padTo || options.padTo <= bytes.length) return bytes;
  // Pad with a PDF comment before the final %%EOF section: still a valid file, of the size asked.
  const eof = bytes.lastIndexOf("%%EOF");
  const padding = Buffer.alloc(options.padTo - bytes.length, 0x20);
  padding[0] = 0x25; // '%'
  padding[padding.length - 1] = 0x0a;
  return Buffer.concat([bytes.subarray(0, eof), padding, bytes.subarray(eof)]);
}

/** A PDF whose trailer names a Standard security handler (password-protected). */
export function encryptedPdf(): Buffer {
  return Buffer.from(
    [
      "%PDF-1.4",
      "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
      "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
      "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj",
      "4 0 obj << /Filter /Standard /V 1 /R 2 /O <00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff> /U <00112233445566778899aabbccddeeff00112233445566778899aabbccddeeff> /P -44 >> endobj",
      "trailer << /Root 1 0 R /Encrypt 4 0 R /Size 5 /ID [<0011> <0011>] >>",
      "%%EOF",
      "",
    ].join("\n"),
  );
}

export function heicFile(): Buffer {
  return readFileSync(path.resolve(import.meta.dirname, "../fixtures/files/IMG_0001.HEIC"));
}

function box(type: string, ...parts: Buffer[]): Buffer {
  const body = Buffer.concat(parts);
  const header = Buffer.alloc(8);
  header.writeUInt32BE(body.length + 8);
  header.write(type, 4, "latin1");
  return Buffer.concat([header, body]);
}

function u16(...values: number[]): Buffer {
  const out = Buffer.alloc(values.length * 2);
  values.forEach((value, i) => out.writeUInt16BE(value, i * 2));
  return out;
}

function u32(...values: number[]): Buffer {
  const out = Buffer.alloc(values.length * 4);
  values.forEach((value, i) => out.writeUInt32BE(value, i * 4));
  return out;
}

/**
 * A decompression bomb in HEIF: a `grid` primary image assembling `rows × columns` references to one 1200 × 900 tile
 * (IMG_0001.HEIC's only image), so ~30 KB declare rows·900 × columns·1200 pixels. Default 11 × 8: 9600 × 9900,
 * 95 MP, just under the 100 MP cap.
 */
export function heicGridBomb(options: { rows?: number; columns?: number } = {}): Buffer {
  const rows = options.rows ?? 11;
  const columns = options.columns ?? 8;
  const source = heicFile();
  // IMG_0001.HEIC's layout (one hvc1 item): ftyp 0–28, hdlr at 40, hvcC at 172, ispe at 294, pixi at 314, the
  // coded image at 360 (29 043 bytes, its iloc extent).
  const ftyp = source.subarray(0, 28);
  const hdlr = source.subarray(40, 73);
  const hvcC = source.subarray(172, 294);
  const tileIspe = source.subarray(294, 314);
  const pixi = source.subarray(314, 330);
  const coded = source.subarray(360, 360 + 29_043);
  const fullBox = (type: string, version: number, ...parts: Buffer[]) => box(type, Buffer.from([version, 0, 0, 0]), ...parts);
  const infe = (id: number, type: string) => fullBox("infe", 2, u16(id, 0), Buffer.from(type, "latin1"), Buffer.from([0]));
  const outputWidth = columns * 1200;
  const outputHeight = rows * 900;
  const grid = Buffer.concat([Buffer.from([0, 0, rows - 1, columns - 1]), u16(outputWidth, outputHeight)]);
  const metaWith = (gridAt: number, codedAt: number) =>
    fullBox(
      "meta",
      0,
      hdlr,
      fullBox("pitm", 0, u16(1)),
      fullBox("iinf", 0, u16(2), infe(1, "grid"), infe(2, "hvc1")),
      fullBox("iref", 0, box("dimg", u16(1, rows * columns), u16(...Array.from({ length: rows * columns }, () => 2)))),
      box(
        "iprp",
        box("ipco", hvcC, tileIspe, pixi, fullBox("ispe", 0, u32(outputWidth, outputHeight))),
        fullBox("ipma", 0, u32(2), u16(1), Buffer.from([1, 4]), u16(2), Buffer.from([3, 0x81, 2, 3])),
      ),
      fullBox("iloc", 0, Buffer.from([0x44, 0x00]), u16(2), u16(1, 0, 1), u32(gridAt, grid.length), u16(2, 0, 1), u32(codedAt, coded.length)),
    );
  const metaSize = metaWith(0, 0).length;
  const mdatData = ftyp.length + metaSize + 8;
  return Buffer.concat([ftyp, metaWith(mdatData, mdatData + grid.length), box("mdat", grid, coded)]);
}

let inflateBombCache: Buffer | undefined;

/**
 * A 100 KB PDF whose compressed object stream inflates to 100 MB (one small object followed by spaces): a full
 * parse (pdf-lib) inflates all of it.
 */
export function pdfInflateBomb(inflatedBytes = 100 * 1024 * 1024): Buffer {
  if (inflateBombCache && inflatedBytes === 100 * 1024 * 1024) return inflateBombCache;
  const objects = Buffer.alloc(inflatedBytes, 0x20);
  objects.write("5 0 << /Producer (bombe) >>", 0, "latin1");
  const compressed = deflateSync(objects, { level: 9 });
  const bytes = Buffer.concat([
    Buffer.from(
      [
        "%PDF-1.7",
        "1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj",
        "2 0 obj << /Type /Pages /Kids [3 0 R] /Count 1 >> endobj",
        "3 0 obj << /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] >> endobj",
        `4 0 obj << /Type /ObjStm /N 1 /First 4 /Filter /FlateDecode /Length ${compressed.length} >> stream`,
        "",
      ].join("\n"),
      "latin1",
    ),
    compressed,
    Buffer.from(["", "endstream endobj", "trailer << /Root 1 0 R /Size 6 >>", "startxref", "0", "%%EOF", ""].join("\n"), "latin1"),
  ]);
  if (inflatedBytes === 100 * 1024 * 1024) inflateBombCache = bytes;
  return bytes;
}

export const phpScript = Buffer.from('<?php system($_GET["c"]); ?>\n');
export const svgImage = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
export const htmlPage = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
export const windowsExe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 0x90)]);
