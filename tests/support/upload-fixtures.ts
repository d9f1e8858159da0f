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

export const phpScript = Buffer.from('<?php system($_GET["c"]); ?>\n');
export const svgImage = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><rect width="10" height="10"/></svg>');
export const htmlPage = Buffer.from("<!doctype html><html><body><script>alert(1)</script></body></html>");
export const windowsExe = Buffer.concat([Buffer.from("MZ"), Buffer.alloc(200, 0x90)]);
