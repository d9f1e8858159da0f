import { fileTypeFromBuffer } from "file-type";
import heicConvert from "heic-convert";
import { PDFDocument } from "pdf-lib";
import sharp, { type Metadata, type Sharp } from "sharp";
import type { UploadedMediaType } from "~/platform/database-schema";
import { HeifStructureError, readHeifPrimary } from "./heif-structure";
import { PdfLimitError, PdfStructureError, scanPdfStructure } from "./pdf-structure.server";
import { UploadError } from "./upload-error";

export const MIN_SHORT_SIDE = 600;
export const MAX_PIXELS = 100_000_000;
export const MAX_PDF_PAGES = 100;
/** PDFs up to this size are parsed whole by pdf-lib; larger ones get the streaming structural check. */
export const PDF_FULL_PARSE_BYTES = 4 * 1024 * 1024;
/** Re-encoded photos are capped to this long side: plenty to read a document, and bounded to store and show. */
export const MAX_LONG_SIDE = 4000;
/** Variance of the Laplacian (on a 1000 px greyscale copy) under which a photo is flagged as blurry. */
export const BLUR_VARIANCE_THRESHOLD = 40;
export const HEAD_BYTES = 4100;

export const BLURRY = "blurry";

sharp.cache(false);
sharp.concurrency(1);

/** The type decided by the file's first bytes; the name and the declared type are never trusted. */
export async function detectType(head: Buffer): Promise<UploadedMediaType | undefined> {
  const found = await fileTypeFromBuffer(head);
  switch (found?.mime) {
    case "image/jpeg":
    case "image/png":
    case "image/heic":
    case "image/heif":
    case "application/pdf":
      return found.mime;
    default:
      return undefined;
  }
}

/** Whether the last bytes close the format: a file cut short in transit or on the phone is refused at once. */
export function looksComplete(type: UploadedMediaType, tail: Buffer): boolean {
  switch (type) {
    case "image/jpeg":
      // End-of-image marker; some cameras pad a few bytes after it.
      return tail.subarray(-64).includes(Buffer.from([0xff, 0xd9]));
    case "image/png":
      return tail.subarray(-64).includes(Buffer.from("IEND"));
    case "application/pdf":
      return tail.includes(Buffer.from("%%EOF"));
    default:
      return true;
  }
}

export interface InspectedImage {
  output: Buffer;
  mediaType: "image/jpeg" | "image/png";
  width: number;
  height: number;
  warnings: string[];
}

function checkDimensions(width: number | undefined, height: number | undefined, field?: string) {
  if (!width || !height) throw new UploadError("unreadableImage", field);
  if (width * height > MAX_PIXELS) throw new UploadError("tooManyPixels", field);
  if (Math.min(width, height) < MIN_SHORT_SIDE) throw new UploadError("tooSmall", field);
}

/** Sharpness: variance of the Laplacian of a greyscale copy about 1000 px wide. */
export async function sharpnessOf(image: Sharp): Promise<number> {
  const { data } = await image
    .clone()
    .greyscale()
    .resize(1000, 1000, { fit: "inside", withoutEnlargement: true })
    .convolve({ width: 3, height: 3, kernel: [0, 1, 0, 1, -4, 1, 0, 1, 0], offset: 128 })
    .raw()
    .toBuffer({ resolveWithObject: true });
  let sum = 0;
  let squares = 0;
  for (const value of data) {
    sum += value;
    squares += value * value;
  }
  const mean = sum / data.length;
  return squares / data.length - mean * mean;
}

/**
 * Decodes a JPEG or PNG and re-encodes it: orientation applied, every metadata block (EXIF, GPS, XMP, ICC
 * comments) dropped, size capped. Refuses bombs before decoding, photos too small to read, and broken files.
 */
export async function inspectImage(input: Buffer, field?: string): Promise<InspectedImage> {
  const options = { limitInputPixels: MAX_PIXELS, failOn: "error" as const, sequentialRead: true };
  let metadata: Metadata;
  try {
    // Header only: the dimensions are checked before anything is decoded.
    metadata = await sharp(input, { limitInputPixels: false }).metadata();
  } catch (error) {
    throw new UploadError("unreadableImage", field, { cause: error });
  }
  if (metadata.format !== "jpeg" && metadata.format !== "png") throw new UploadError("wrongType", field);
  checkDimensions(metadata.width, metadata.height, field);
  try {
    const base = sharp(input, options).rotate();
    const sharpness = await sharpnessOf(base);
    const resized = base.clone().resize(MAX_LONG_SIDE, MAX_LONG_SIDE, { fit: "inside", withoutEnlargement: true });
    const encoded =
      metadata.format === "png"
        ? await resized.png({ compressionLevel: 6 }).toBuffer({ resolveWithObject: true })
        : await resized.jpeg({ quality: 90, chromaSubsampling: "4:4:4" }).toBuffer({ resolveWithObject: true });
    return {
      output: encoded.data,
      mediaType: metadata.format === "png" ? "image/png" : "image/jpeg",
      width: encoded.info.width,
      height: encoded.info.height,
      warnings: sharpness < BLUR_VARIANCE_THRESHOLD ? [BLURRY] : [],
    };
  } catch (error) {
    if (error instanceof UploadError) throw error;
    const message = String((error as Error)?.message ?? "");
    if (/pixel limit/i.test(message)) throw new UploadError("tooManyPixels", field, { cause: error });
    throw new UploadError(/premature|truncat|end of|corrupt/i.test(message) ? "truncated" : "unreadableImage", field, { cause: error });
  }
}

/**
 * What the HEIF boxes declare, before any decoder sees the file: a grid assembling past MAX_PIXELS is refused, and so
 * is a grid that repeats a tile (cameras store each tile once; repeating one is how a few kilobytes declare a huge
 * picture) or whose tiles do not make up its output.
 */
export function checkHeifStructure(input: Buffer, field?: string): void {
  let primary;
  try {
    primary = readHeifPrimary(input);
  } catch (error) {
    if (error instanceof HeifStructureError) throw new UploadError("unreadableImage", field, { cause: error });
    throw error;
  }
  checkDimensions(primary.width, primary.height, field);
  const grid = primary.grid;
  if (!grid) return;
  const assembled = Math.max(grid.outputWidth * grid.outputHeight, grid.rows * grid.columns * grid.tileWidth * grid.tileHeight);
  if (assembled > MAX_PIXELS) throw new UploadError("tooManyPixels", field);
  if (
    grid.tiles.length !== grid.rows * grid.columns ||
    new Set(grid.tiles).size !== grid.tiles.length ||
    grid.columns * grid.tileWidth < grid.outputWidth ||
    grid.rows * grid.tileHeight < grid.outputHeight
  ) {
    throw new UploadError("uncheckable", field);
  }
}

/** HEIC/HEIF: sharp reads the container's dimensions (it cannot decode HEVC); decoding waits for the conversion job. */
export async function inspectHeic(input: Buffer, field?: string): Promise<{ width: number; height: number }> {
  checkHeifStructure(input, field);
  let metadata: Metadata;
  try {
    metadata = await sharp(input).metadata();
  } catch (error) {
    throw new UploadError("unreadableImage", field, { cause: error });
  }
  checkDimensions(metadata.width, metadata.height, field);
  return { width: metadata.width!, height: metadata.height! };
}

/** Decodes a HEIC photo (slow, memory-hungry: run one at a time) and re-encodes it as a checked JPEG. */
export async function convertHeicToJpeg(input: Buffer): Promise<InspectedImage> {
  await inspectHeic(input);
  const jpeg = Buffer.from(await heicConvert({ buffer: input, format: "JPEG", quality: 0.92 }));
  return inspectImage(jpeg);
}

/** The PDF must parse, not be encrypted, and stay under the page cap. */
export async function inspectPdf(input: Buffer, field?: string): Promise<{ pageCount: number }> {
  let pageCount: number;
  try {
    const document = await PDFDocument.load(input, { updateMetadata: false, throwOnInvalidObject: true });
    if (document.isEncrypted) throw new UploadError("encryptedPdf", field);
    pageCount = document.getPageCount();
  } catch (error) {
    if (error instanceof UploadError) throw error;
    if (/encrypted/i.test(String((error as Error)?.message))) throw new UploadError("encryptedPdf", field, { cause: error });
    throw new UploadError("unreadablePdf", field, { cause: error });
  }
  if (pageCount < 1) throw new UploadError("unreadablePdf", field);
  if (pageCount > MAX_PDF_PAGES) throw new UploadError("tooManyPages", field);
  return { pageCount };
}

/**
 * The PDF's structure read as a stream, in bounded memory whatever its size: not encrypted, a catalog, 1 to
 * MAX_PDF_PAGES pages. For files over PDF_FULL_PARSE_BYTES; smaller ones go through `inspectPdf` (pdf-lib, whole file).
 */
export async function checkPdfStructure(source: AsyncIterable<Buffer | Uint8Array>, field?: string): Promise<{ pageCount: number }> {
  let structure;
  try {
    structure = await scanPdfStructure(source);
  } catch (error) {
    if (error instanceof PdfLimitError) throw new UploadError("uncheckable", field, { cause: error });
    if (error instanceof PdfStructureError) throw new UploadError("unreadablePdf", field, { cause: error });
    throw error;
  }
  if (structure.encrypted) throw new UploadError("encryptedPdf", field);
  if (structure.pageCount < 1) throw new UploadError("unreadablePdf", field);
  if (structure.pageCount > MAX_PDF_PAGES) throw new UploadError("tooManyPages", field);
  return { pageCount: structure.pageCount };
}
