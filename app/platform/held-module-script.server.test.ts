import { describe, expect, it } from "vitest";
import { outputsForEveryChunking, pageThrough } from "./html-stream.test-support";
import { holdModuleScripts } from "./held-module-script.server";

const routeModules = 'import * as route0 from "/assets/root.js";\nimport("/assets/entry.client.js");';
const page =
  '<!DOCTYPE html><html lang="fr"><head><link rel="stylesheet" href="/assets/app.css"/><link rel="modulepreload" href="/assets/root.js"/>' +
  '<link rel="modulepreload" fetchpriority="low" href="/assets/entry.client.js" nonce="bm9uY2U="/></head><body>' +
  "<p>Élodie, saisissez votre adresse e-mail.</p>" +
  '<script nonce="bm9uY2U=">window.__reactRouterContext = {"a<b": 1};</script>' +
  `<script nonce="bm9uY2U=" type="module" async="">${routeModules}</script></body></html>`;

describe("holdModuleScripts", () => {
  const expected = page
    .replace('<script nonce="bm9uY2U=" type="module" async="">', '<script nonce="bm9uY2U=" type="text/plain" data-held-module="">')
    .replace('<link rel="modulepreload" href="/assets/root', '<link data-held-modulepreload="" href="/assets/root')
    .replace('<link rel="modulepreload" fetchpriority="low" href="/assets/entry', '<link data-held-modulepreload="" href="/assets/entry');

  it("makes React Router's module script and preloads inert and keeps the nonce, the script and everything else", async () => {
    expect(expected).not.toBe(page);
    expect(await pageThrough(page, holdModuleScripts)).toBe(expected);
  });

  it("gives the same page whatever the chunk boundaries, accented letters cut in two included", async () => {
    for (const [cut, output] of await outputsForEveryChunking(page, holdModuleScripts)) expect(output, cut).toBe(expected);
  });
});
