import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { lowPriorityModulePreloads } from "./preload-priority.server";

const page =
  '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/chunk.js"/>' +
  "<title>Connexion – Récupérer son argent</title></head><body><p>Élodie, vos données restent à vous.</p>" +
  '<link rel="modulepreload" href="/assets/late.js"/></body></html>';

async function through(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(lowPriorityModulePreloads()));
}

describe("lowPriorityModulePreloads", () => {
  const expected = page
    .replace('<link rel="modulepreload" href="/assets/entry', '<link rel="modulepreload" fetchpriority="low" href="/assets/entry')
    .replace('<link rel="modulepreload" href="/assets/chunk', '<link rel="modulepreload" fetchpriority="low" href="/assets/chunk');

  it("lowers the head's module preloads and nothing after the head", async () => {
    expect(await through([Buffer.from(page)])).toBe(expected);
  });

  it("gives the same page whatever the chunk boundaries, accented letters cut in two included", async () => {
    const bytes = Buffer.from(page);
    for (const size of [1, 2, 3, 7, 24, 25, 26, 64]) {
      const chunks: Buffer[] = [];
      for (let start = 0; start < bytes.length; start += size) chunks.push(bytes.subarray(start, start + size));
      expect(await through(chunks), `morceaux de ${size} octets`).toBe(expected);
    }
  });
});
