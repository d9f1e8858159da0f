import { Readable } from "node:stream";
import { text } from "node:stream/consumers";
import { describe, expect, it } from "vitest";
import { holdModuleScripts } from "./held-module-script.server";

const routeModules = 'import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");';
const page =
  '<!DOCTYPE html><html lang="fr"><head><link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" href="/assets/root.js"/>' +
  '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client.js" nonce="bm9uY2U="/></head><body>' +
  "<p>Élodie, saisissez votre adresse e-mail.</p>" +
  '<script nonce="bm9uY2U=">window.__reactRouterContext = {"a<b": 1};</script>' +
  `<script nonce="bm9uY2U=" type="module" async="">${routeModules}</script></body></html>`;

async function through(chunks: Buffer[]): Promise<string> {
  return text(Readable.from(chunks).pipe(holdModuleScripts()));
}

describe("holdModuleScripts", () => {
  const expected = page
    .replace('<script nonce="bm9uY2U=" type="module" async="">', '<script nonce="bm9uY2U=" type="text/plain" data-held-module="">')
    .replace('<link rel="modulepreload" href="/assets/root', '<link data-held-modulepreload="" href="/assets/root')
    .replace('<link rel="modulepreload" fetchpriority="low" href="/assets/entry', '<link data-held-modulepreload="" href="/assets/entry');

  it("makes React Router's module script and preloads inert and keeps the nonce, the script and everything else", async () => {
    expect(expected).not.toBe(page);
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
