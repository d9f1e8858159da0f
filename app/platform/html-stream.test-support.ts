import { Readable, type Transform } from "node:stream";
import { text } from "node:stream/consumers";

/** Sizes that cut the test pages' tags, attributes and two-byte accented letters in every place. */
const CHUNK_SIZES = [1, 2, 3, 7, 24, 25, 26, 64];

/** What an HTML stream transform gives for a page sent in the given chunks (whole by default). */
export function pageThrough(page: string, transform: () => Transform, chunks: Buffer[] = [Buffer.from(page)]): Promise<string> {
  return text(Readable.from(chunks).pipe(transform()));
}

/** What an HTML stream transform gives for a page cut in chunks of each size, labelled by the size. */
export async function outputsForEveryChunking(page: string, transform: () => Transform): Promise<Array<[string, string]>> {
  const bytes = Buffer.from(page);
  const outputs: Array<[string, string]> = [];
  for (const size of CHUNK_SIZES) {
    const chunks: Buffer[] = [];
    for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
    outputs.push([`morceaux de ${size} octets`, await pageThrough(page, transform, chunks)]);
  }
  return outputs;
}
