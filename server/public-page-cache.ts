/**
 * Public content pages (home, scam, information and legal pages) are the same HTML for every anonymous visitor:
 * they are rendered once through React Router, kept in memory with their gzip and brotli forms and a strong ETag,
 * and answered from there before any other middleware runs (decision 52). A visitor who carries one of the site's
 * cookies (a session, a pending toast) goes the usual way and gets a page of their own. The public form pages
 * (/connexion, /inscription, /mot-de-passe-oublie) are kept too, rendered without a nonce and sent with a policy that
 * lists the SHA-256 of their inline scripts; a query string (`redirectTo`) sends them the usual way (decision 88).
 */
import { createHash, randomUUID } from "node:crypto";
import { observeRequest } from "~/platform/metrics.server";
import type { IncomingMessage, RequestListener, ServerResponse } from "node:http";
import { promisify } from "node:util";
import { brotliCompress, constants as zlibConstants, gzip } from "node:zlib";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import { STATIC_PAGE_CACHE_CONTROL } from "~/lib/page-handle";
import { CLIENT_ADDRESS_HEADER } from "~/modules/accounts/auth-instance.server";
import { logger } from "~/platform/logger.server";
import { requestInfoContext } from "~/platform/request-context";
import { isCleanTarget } from "~/platform/request-validation";

const gzipAsync = promisify(gzip);
const brotliAsync = promisify(brotliCompress);

/**
 * The site's own cookies: better-auth's (prefix "recours", "__Secure-" under https) and the flash cookie
 * "recours_flash". Any of them may change the page (the header of a signed-in person, a toast to show and clear).
 * Other cookies are not ours and change nothing.
 */
const SITE_COOKIE = /(?:^|;)\s*(?:__Secure-|__Host-)?recours[._]/;

export function carriesSiteCookie(cookieHeader: string | undefined): boolean {
  return cookieHeader !== undefined && SITE_COOKIE.test(cookieHeader);
}

export type Coding = "br" | "gzip" | "identity";

/** The coding to send for an Accept-Encoding header: brotli, then gzip, else none (q=0 refuses a coding). */
export function chooseCoding(acceptEncoding: string | undefined): Coding {
  if (!acceptEncoding) return "identity";
  let br = -1;
  let gz = -1;
  let any = -1;
  for (const part of acceptEncoding.split(",")) {
    const [rawName, ...parameters] = part.split(";");
    const name = rawName!.trim().toLowerCase();
    let quality = 1;
    for (const parameter of parameters) {
      const [key, value] = parameter.split("=");
      if (key?.trim().toLowerCase() === "q") quality = Number(value) || 0;
    }
    if (name === "br") br = quality;
    else if (name === "gzip" || name === "x-gzip") gz = quality;
    else if (name === "*") any = quality;
  }
  if (br < 0) br = any;
  if (gz < 0) gz = any;
  if (br > 0 && br >= gz) return "br";
  if (gz > 0) return "gzip";
  return "identity";
}

interface Variant {
  body: Buffer;
  etag: string;
  /**
   * Headers of a 200, as the flat name/value list writeHead takes, built once: its last value is X-Request-Id's,
   * written in place for each answer (writeHead serializes the list at once and keeps no reference to it).
   */
  ok: string[];
  /** Headers of a 304, the same way. */
  notModified: string[];
}

interface CachedPage {
  variants: Record<Coding, Variant>;
  /** A form page: its render depends on the query string (`redirectTo`), so only the bare path is answered here. */
  form: boolean;
}

/** A path's last render: its page, or null when it was not cacheable (a form page, an error), and when. */
interface Rendered {
  page: CachedPage | null;
  renderedAt: number;
}

export interface PublicPageCacheOptions {
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** The paths that may be cached; a path is kept only if its render is a static page (see `render`). */
  paths: readonly string[];
  /**
   * Public form pages: kept although their render is `no-store` with scripts, because an anonymous visitor's is the
   * same for all (no nonce, no toast, no redirect target without a query string).
   */
  formPaths?: readonly string[];
  publicUrl: string;
  /** The security headers sent with every cached answer, besides its Content-Security-Policy. */
  headers: ReadonlyArray<readonly [string, string]>;
  /** The policy of a cached page: `scriptHashes` null for a page without scripts, else its inline scripts' SHA-256. */
  contentSecurityPolicy: (scriptHashes: readonly string[] | null) => string;
  /**
   * What else the pages show that may change without a new build (the operator's identity from OPERATOR_*): a new
   * value drops every page.
   */
  settingsFingerprint: () => string;
  /** A page older than this is rendered again in the background (the footer's year); 60 s by default. */
  refreshAfterMs?: number;
}

export interface PublicPageCache {
  /** Answers a GET or HEAD of a cached page and returns true; false when the request must go the usual way. */
  serve(req: IncomingMessage, res: ServerResponse): boolean | Promise<boolean>;
  /**
   * A request listener that answers cached pages itself and hands every other request to `next` (the Express app):
   * the shortest path through the server, with no router, no per-request context and no log line.
   */
  inFrontOf(next: RequestListener): RequestListener;
  /** Renders every page now (at start), without failing the start when one cannot be rendered. */
  warm(): Promise<void>;
  /** Drops every page: they are rendered again on their next request. */
  invalidate(): void;
  /** The paths held now (tests, metrics). */
  cachedPaths(): string[];
}

const VARY = "Accept-Encoding, Cookie";
const CODING_SUFFIX: Record<Coding, string> = { identity: "", gzip: "-gzip", br: "-br" };

export function createPublicPageCache(options: PublicPageCacheOptions): PublicPageCache {
  const refreshAfterMs = options.refreshAfterMs ?? 60_000;
  const formPaths = new Set(options.formPaths ?? []);
  const allowed = new Set([...options.paths, ...formPaths]);
  const pages = new Map<string, Rendered>();
  const filling = new Map<string, Promise<CachedPage | null>>();
  let generation: string | undefined;
  let handler: { build: ServerBuild; handle: ReturnType<typeof createRequestHandler> } | undefined;

  async function currentBuild(): Promise<ServerBuild> {
    return typeof options.build === "function" ? options.build() : options.build;
  }

  /** Drops every page when the build or the settings the pages show have changed since the last render. */
  function checkGeneration(build: ServerBuild): void {
    const key = `${build.assets.version}\n${options.settingsFingerprint()}`;
    if (generation !== undefined && generation !== key) {
      logger.info("pages publiques : nouvelle version ou nouveaux réglages, cache vidé");
      pages.clear();
    }
    generation = key;
  }

  /**
   * Renders one path as an anonymous visitor would get it. Only a 200 with no cookie set and HTML content is kept:
   * a page the app marked as static (STATIC_PAGE_CACHE_CONTROL), or a listed form page rendered without any nonce.
   */
  async function render(path: string): Promise<CachedPage | null> {
    const build = await currentBuild();
    checkGeneration(build);
    if (handler?.build !== build) handler = { build, handle: createRequestHandler(build, "production") };
    const context = new RouterContextProvider();
    context.set(requestInfoContext, { requestId: "cache-pages-publiques", nonce: "" });
    const request = new Request(new URL(path, options.publicUrl), {
      headers: { [CLIENT_ADDRESS_HEADER]: "127.0.0.1", "accept-encoding": "identity" },
    });
    const response = await handler.handle(request, context);
    const form = formPaths.has(path);
    const cacheControl = response.headers.get("cache-control");
    const cacheable =
      response.status === 200 &&
      !response.headers.has("set-cookie") &&
      (cacheControl === STATIC_PAGE_CACHE_CONTROL || (form && cacheControl === "no-store")) &&
      (response.headers.get("content-type") ?? "").startsWith("text/html");
    if (!cacheable) {
      await response.body?.cancel();
      return null;
    }
    const identity = Buffer.from(await response.arrayBuffer());
    const html = identity.toString("utf8");
    // A nonce in the bytes would be the same for everyone, a policy that lists it useless: such a page is not kept.
    if (form && /\snonce=/.test(html)) {
      logger.warn({ path }, "pages publiques : page de formulaire rendue avec un nonce, non gardée");
      return null;
    }
    const policy = options.contentSecurityPolicy(form ? inlineScriptHashes(html) : null);
    const [gzipped, brotli] = await Promise.all([
      gzipAsync(identity, { level: 9 }),
      brotliAsync(identity, {
        params: {
          [zlibConstants.BROTLI_PARAM_QUALITY]: 11,
          [zlibConstants.BROTLI_PARAM_MODE]: zlibConstants.BROTLI_MODE_TEXT,
          [zlibConstants.BROTLI_PARAM_SIZE_HINT]: identity.length,
        },
      }),
    ]);
    const hash = createHash("sha256").update(identity).digest("base64url").slice(0, 32);
    const contentType = response.headers.get("content-type")!;
    const variant = (coding: Coding, body: Buffer): Variant => {
      const etag = `"${hash}${CODING_SUFFIX[coding]}"`;
      const common = [
        ...options.headers.flat(),
        "Content-Security-Policy",
        policy,
        "Cache-Control",
        cacheControl!,
        "Vary",
        VARY,
        "ETag",
        etag,
      ];
      return {
        body,
        etag,
        ok: [
          ...common,
          "Content-Type",
          contentType,
          ...(coding === "identity" ? [] : ["Content-Encoding", coding]),
          "Content-Length",
          String(body.length),
          "X-Request-Id",
          "",
        ],
        notModified: [...common, "X-Request-Id", ""],
      };
    };
    return {
      variants: { identity: variant("identity", identity), gzip: variant("gzip", gzipped), br: variant("br", brotli) },
      form,
    };
  }

  /** One render per path at a time; the result replaces the previous one. */
  function fill(path: string): Promise<CachedPage | null> {
    const pending = filling.get(path);
    if (pending) return pending;
    const started = render(path)
      .catch((error: unknown) => {
        logger.warn({ err: error, path }, "pages publiques : rendu impossible, la page suit le chemin habituel");
        return null;
      })
      .then((page) => {
        pages.set(path, { page, renderedAt: Date.now() });
        return page;
      })
      .finally(() => filling.delete(path));
    filling.set(path, started);
    return started;
  }

  function answer(req: IncomingMessage, res: ServerResponse, page: CachedPage): void {
    const headers = req.headers;
    const variant = page.variants[codingFor(headers["accept-encoding"])];
    const ifNoneMatch = headers["if-none-match"];
    if (ifNoneMatch !== undefined && ifNoneMatchHas(ifNoneMatch, variant.etag)) {
      variant.notModified[variant.notModified.length - 1] = randomUUID();
      res.writeHead(304, variant.notModified);
      res.end();
      return;
    }
    variant.ok[variant.ok.length - 1] = randomUUID();
    res.writeHead(200, variant.ok);
    if (req.method === "HEAD") res.end();
    else res.end(variant.body);
  }

  return {
    serve(req, res) {
      if (req.method !== "GET" && req.method !== "HEAD") return false;
      const url = req.url ?? "/";
      const queryAt = url.indexOf("?");
      const path = queryAt === -1 ? url : url.slice(0, queryAt);
      if (!allowed.has(path)) return false;
      // A bad query string gets the usual 400; a visitor with the site's cookies gets their own page.
      if (queryAt !== -1 && !isCleanTarget(url)) return false;
      if (carriesSiteCookie(req.headers.cookie)) return false;
      const rendered = pages.get(path);
      if (rendered) {
        if (Date.now() - rendered.renderedAt > refreshAfterMs) void fill(path);
        if (!rendered.page || (rendered.page.form && queryAt !== -1)) return false;
        answer(req, res, rendered.page);
        return true;
      }
      return fill(path).then((filled) => {
        if (!filled || (filled.form && queryAt !== -1)) return false;
        answer(req, res, filled);
        return true;
      });
    },
    inFrontOf(next) {
      return (req, res) => {
        const started = performance.now();
        // Cached answers skip Express: /metrics counts them here, labelled by their path (a bounded, known set). The
        // answer is handed to the socket before serve returns: no 'finish' listener per request.
        const observe = () => {
          const url = req.url ?? "/";
          const queryAt = url.indexOf("?");
          const path = queryAt === -1 ? url : url.slice(0, queryAt);
          observeRequest(req.method ?? "GET", path, res.statusCode, (performance.now() - started) / 1000);
        };
        const served = this.serve(req, res);
        if (served === true) return void observe();
        if (served === false) return void next(req, res);
        void served.then(
          (done) => (done ? res.once("finish", observe) : next(req, res)),
          () => next(req, res),
        );
      };
    },
    async warm() {
      for (const path of allowed) await fill(path);
      logger.info({ pages: this.cachedPaths().length }, "pages publiques en cache");
    },
    invalidate() {
      pages.clear();
    },
    cachedPaths() {
      return [...pages].filter(([, rendered]) => rendered.page).map(([path]) => path);
    },
  };
}

/** chooseCoding, remembered per Accept-Encoding value: browsers send a handful of them. */
const codings = new Map<string, Coding>();

function codingFor(acceptEncoding: string | undefined): Coding {
  if (acceptEncoding === undefined) return "identity";
  let coding = codings.get(acceptEncoding);
  if (coding === undefined) {
    coding = chooseCoding(acceptEncoding);
    // Bounded: a client sending ever new values only empties the memo.
    if (codings.size >= 64) codings.clear();
    codings.set(acceptEncoding, coding);
  }
  return coding;
}

/** If-None-Match uses the weak comparison: W/"x" matches "x"; "*" matches any current page. */
function ifNoneMatchHas(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  for (const raw of header.split(",")) {
    const tag = raw.trim();
    if (tag === "*" || tag === etag || (tag.startsWith("W/") && tag.slice(2) === etag)) return true;
  }
  return false;
}

/**
 * The SHA-256 (base64) of each inline script of a page, as CSP hashes them: the text between the tags, in UTF-8.
 * Data blocks (JSON-LD) are not run and need none; a held module script (type text/plain, decision 59) is, as a copy
 * the page's loader inserts with the same text, so it is listed.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const [, attributes, text] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
    if (/\ssrc=/.test(attributes!) || /type="application\/(?:ld\+)?json"/.test(attributes!) || !text) continue;
    hashes.add(createHash("sha256").update(text, "utf8").digest("base64"));
  }
  return [...hashes];
}
