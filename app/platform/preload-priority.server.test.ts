import { describe, expect, it } from "vitest";
import { outputsForEveryChunking, pageThrough } from "./html-stream.test-support";
import { lowPriorityModulePreloads } from "./preload-priority.server";

const page =
  '<!DOCTYPE html><html lang="fr"><head><meta charSet="utf-8"/><link rel="stylesheet" href="/assets/app.css"/>' +
  '<link rel="modulepreload" href="/assets/entry.client.js"/><link rel="modulepreload" href="/assets/chunk.js"/>' +
  "<title>Connexion – Récupérer son argent</title></head><body><p>Élodie, vos données restent à vous.</p>" +
  '<link rel="modulepreload" href="/assets/late.js"/></body></html>';

describe("lowPriorityModulePreloads", () => {
  const expected = page
    .replace('<link rel="modulepreload" href="/assets/entry', '<link rel="modulepreload" fetchpriority="low" href="/assets/entry')
    .replace('<link rel="modulepreload" href="/assets/chunk', '<link rel="modulepreload" fetchpriority="low" href="/assets/chunk');

  it("lowers the head's module preloads and nothing after the head", async () => {
    expect(await pageThrough(page, lowPriorityModulePreloads)).toBe(expected);
  });

  it("gives the same page whatever the chunk boundaries, accented letters cut in two included", async () => {
    for (const [cut, output] of await outputsForEveryChunking(page, lowPriorityModulePreloads)) expect(output, cut).toBe(expected);
  });
});
