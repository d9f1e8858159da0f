import cluster from "node:cluster";
import { randomBytes, randomUUID } from "node:crypto";
import { createServer as createHttpServer, type Server } from "node:http";
import path from "node:path";
import { createRequestHandler } from "@react-router/express";
import compression from "compression";
import express, { type ErrorRequestHandler, type RequestHandler } from "express";
import { RouterContextProvider, type ServerBuild } from "react-router";
import { CLIENT_ADDRESS_HEADER } from "~/modules/accounts/auth-instance.server";
import { prepareSealCertificate } from "~/modules/agreements/seal-certificate.server";
import { startFileStorage } from "~/modules/files/files.server";
import { uploadBodyLimit } from "~/modules/files/upload-routes";
import { preloadCommuneIndex } from "~/modules/profile/profile.server";
import { assertReadyForProduction, feeModelFrom, figureSourcesFrom, operatorIdentity } from "~/content/operator.server";
import { publicPagePaths } from "~/content/site";
import { env as loadEnv, type Env } from "~/platform/env.server";
import { DATABASE_RETRY_AFTER_SECONDS, DATABASE_UNAVAILABLE_TEXT, isDatabaseUnavailable } from "~/platform/database-errors";
import { logger } from "~/platform/logger.server";
import { passwordPostRefusedContext, requestInfoContext } from "~/platform/request-context";
import { requestScope } from "~/platform/request-scope.server";
import { withRefusalsMapped } from "~/platform/route-errors.server";
import { superviseInstances } from "./instances";
import { startJobWorker } from "./job-worker";
import { db, startRuntime, stopRuntime } from "~/platform/runtime.server";
import { endLiveStreams } from "~/platform/live-events.server";
import { sql } from "kysely";
import { carriesMetricsToken, createRoutePatternMatcher, metricsRegistry, observeRequest, routeLabel } from "~/platform/metrics.server";
import { contentSecurityPolicy, usesGoogleMaps } from "./content-security-policy";
import { routeHeadersReplaceDefaults, securityHeaders } from "./security-headers";
import { requireSameOrigin } from "./same-origin";
import { createPublicPageCache, type PublicPageCache } from "./public-page-cache";
import {
  applyServerLimits,
  DEFAULT_SERVER_LIMITS,
  drainUnreadBodies,
  forwardedHost,
  limitPasswordPosts,
  rejectMalformedTarget,
  simplePage,
} from "./request-guards";

export interface HttpAppOptions {
  env: Env;
  build: ServerBuild | (() => Promise<ServerBuild>);
  /** Vite's middlewares in development; static files from build/client otherwise. */
  devMiddlewares?: RequestHandler;
  clientDir?: string;
}


/** The public form pages an anonymous visitor gets from memory too, with hashed inline scripts (decision 88). */
const PUBLIC_FORM_PAGES = ["/connexion", "/inscription", "/mot-de-passe-oublie"];

export function createHttpApp(options: HttpAppOptions): express.Express {
  const { env } = options;
  const development = Boolean(options.devMiddlewares);
  const https = env.PUBLIC_URL.startsWith("https://");
  const headers = securityHeaders({ https });
  const app = express();
  app.disable("x-powered-by");
  // Development builds change under Vite: their requests are labelled 'autre'.
  const routePattern = typeof options.build === "function" ? undefined : createRoutePatternMatcher(options.build.routes);
  app.set("trust proxy", env.TRUST_PROXY ? 1 : false);
  if (env.TRUST_PROXY) app.use(forwardedHost(env));

  const build = mapRefusals(options.build);
  // Public content and form pages for anonymous visitors, from memory, before anything else runs (decisions 52, 88).
  if (!development) {
    const cache = createPublicPageCache({
      build,
      paths: publicPagePaths(),
      formPaths: PUBLIC_FORM_PAGES,
      publicUrl: env.PUBLIC_URL,
      headers,
      contentSecurityPolicy: (scriptHashes) =>
        contentSecurityPolicy(scriptHashes && { sha256: scriptHashes }, { development: false, googleMaps: false }),
      settingsFingerprint: () => JSON.stringify([operatorIdentity(env), figureSourcesFrom(env), feeModelFrom(env)]),
    });
    // Served by the HTTP server's own listener, in front of Express (see startServer).
    app.locals.publicPageCache = cache;
  }

  app.use((req, res, next) => {
    const requestId = randomUUID();
    const nonce = randomBytes(16).toString("base64");
    res.locals.requestId = requestId;
    res.locals.nonce = nonce;
    // Only our server says where a request comes from: drop any client-sent value.
    delete req.headers[CLIENT_ADDRESS_HEADER];
    req.headers[CLIENT_ADDRESS_HEADER] = (env.TRUST_PROXY ? req.ip : req.socket.remoteAddress) ?? "unknown";
    res.setHeader("X-Request-Id", requestId);
    res.setHeader(
      "Content-Security-Policy",
      contentSecurityPolicy(nonce, { development, googleMaps: usesGoogleMaps(req.path, env.GOOGLE_MAPS_API_KEY) }),
    );
    for (const [name, value] of headers) res.setHeader(name, value);

    const started = process.hrtime.bigint();
    res.on("finish", () => {
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      observeRequest(req.method, routeLabel(req.path, routePattern), res.statusCode, seconds);
      logger.info(
        {
          ...(requestScope.getStore() ? {} : { requestId }),
          method: req.method,
          path: req.path,
          status: res.statusCode,
          durationMs: seconds * 1000,
        },
        "requête",
      );
    });
    requestScope.run({ requestId }, next);
  });

  app.use(rejectMalformedTarget);
  app.use(drainUnreadBodies());

  // Request body limits, then a same-origin check on every state-changing request.
  app.use((req, res, next) => {
    if (req.method === "GET" || req.method === "HEAD" || req.method === "OPTIONS") return next();
    const length = req.headers["content-length"];
    if (length === undefined && req.headers["transfer-encoding"]) {
      res.status(411).type("html").send(simplePage("Requête refusée", "La longueur de la requête doit être indiquée."));
      return;
    }
    // Upload routes stream their body through the upload pipeline, which limits each file (30 MB) itself.
    const bodyLimit = uploadBodyLimit(req.path) ?? env.BODY_LIMIT_BYTES;
    if (length !== undefined && Number(length) > bodyLimit) {
      res.status(413).type("html").send(simplePage("Requête trop volumineuse", "Les données envoyées sont trop volumineuses."));
      return;
    }
    next();
  });
  app.use(requireSameOrigin(env));

  app.get("/healthz", async (_req, res) => {
    try {
      await sql`SELECT 1`.execute(db());
      res.set("Cache-Control", "no-store").json({ status: "ok" });
    } catch (error) {
      logger.error({ err: error }, "base de données injoignable");
      res.status(503).json({ status: "indisponible" });
    }
  });

  // Prometheus scrapes with the operator's token; without METRICS_TOKEN the endpoint does not exist (404).
  app.get("/metrics", async (req, res, next) => {
    if (!env.METRICS_TOKEN) return next();
    res.set("Cache-Control", "no-store");
    if (!carriesMetricsToken(req.headers.authorization, env.METRICS_TOKEN)) {
      res.status(401).set("WWW-Authenticate", 'Bearer realm="metrics"').type("text/plain").send("Jeton requis");
      return;
    }
    res.type(metricsRegistry.contentType).send(await metricsRegistry.metrics());
  });

  app.use(compression());

  if (options.devMiddlewares) {
    app.use(options.devMiddlewares);
  } else {
    const clientDir = options.clientDir ?? path.resolve("build/client");
    app.use("/assets", express.static(path.join(clientDir, "assets"), { immutable: true, maxAge: "1y" }));
    app.use(express.static(clientDir, { maxAge: "1h", index: false }));
  }

  app.use(limitPasswordPosts(env));
  // A route may answer with its own, stricter, security header: it replaces the default above, never joins it.
  app.use(routeHeadersReplaceDefaults(["Content-Security-Policy", ...headers.map(([name]) => name)]));

  app.all(
    "/{*splat}",
    createRequestHandler({
      build,
      mode: development ? "development" : "production",
      getLoadContext(_req, res) {
        const context = new RouterContextProvider();
        context.set(requestInfoContext, { requestId: res.locals.requestId, nonce: res.locals.nonce });
        // The password posts' limiter was full (request-guards): the route answers 503 with the form (decision 91).
        if (res.locals.passwordPostRefused) context.set(passwordPostRefusedContext, res.locals.passwordPostRefused);
        return context;
      },
    }),
  );

  const errorHandler: ErrorRequestHandler = (error, _req, res, _next) => {
    if (isDatabaseUnavailable(error)) {
      logger.warn({ err: error, requestId: res.locals.requestId }, "base de données injoignable : 503");
      if (res.headersSent) return;
      res.status(503).set("Retry-After", String(DATABASE_RETRY_AFTER_SECONDS)).type("html").send(simplePage("Service momentanément indisponible", DATABASE_UNAVAILABLE_TEXT));
      return;
    }
    const status = error instanceof URIError ? 400 : Number(error?.status ?? error?.statusCode ?? 500);
    if (status >= 500) logger.error({ err: error, requestId: res.locals.requestId }, "erreur serveur");
    if (res.headersSent) return;
    res
      .status(status >= 400 && status < 600 ? status : 500)
      .type("html")
      .send(
        status < 500
          ? simplePage("Requête invalide", "La requête n'a pas pu être lue. Vérifiez les informations envoyées.")
          : simplePage("Erreur", "Une erreur inattendue s'est produite. Veuillez réessayer."),
      );
  };
  app.use(errorHandler);
  return app;
}

/** Module refusals (NotFoundError, ForbiddenError) become the 404/403 pages in every loader and action. */
function mapRefusals(build: HttpAppOptions["build"]): HttpAppOptions["build"] {
  if (typeof build === "function") return async () => withRefusalsMapped(await build());
  return withRefusalsMapped(build);
}

export interface StartedServer {
  server: Server;
  stop(): Promise<void>;
}

/** Validates the environment, migrates the database, serves HTTP, and stops cleanly on SIGTERM/SIGINT. */
export async function startServer(options: Omit<HttpAppOptions, "env"> & { env?: Env }): Promise<StartedServer> {
  const env = options.env ?? loadEnv();
  assertReadyForProduction(env);
  await startFileStorage(env, db);
  await startRuntime(env);
  // The seal's certificate: a broken one stops the start; the demonstration one is generated now (decision 0078).
  await prepareSealCertificate(env);
  await preloadCommuneIndex();
  const jobs = env.JOB_WORKER === "in-process" ? startJobWorker(env) : undefined;
  const app = createHttpApp({ ...options, env });
  const cache = app.locals.publicPageCache as PublicPageCache | undefined;
  const limits = {
    ...DEFAULT_SERVER_LIMITS,
    headersTimeoutMs: env.SERVER_HEADERS_TIMEOUT_MS,
    requestTimeoutMs: env.SERVER_REQUEST_TIMEOUT_MS,
    maxConnectionsPerAddress: env.TRUST_PROXY ? 0 : env.MAX_CONNECTIONS_PER_ADDRESS,
  };
  // The timeouts are checked every connectionsCheckingInterval (Node's default, 30 s, would let a slow client hold
  // its connection half a minute past them): a quarter of the headers timeout, at most 5 s.
  const server = createHttpServer(
    {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.min(5000, Math.max(250, Math.floor(limits.headersTimeoutMs / 4))),
    },
    cache ? cache.inFrontOf(app) : app,
  );
  await new Promise<void>((resolve) => server.listen(env.PORT, env.HOST, () => resolve()));
  if (env.PUBLIC_PAGES_WARM_AT_START) void cache?.warm();
  applyServerLimits(server, limits);
  logger.info({ port: env.PORT, url: env.PUBLIC_URL }, "Recours est démarré");

  let stopping: Promise<void> | undefined;
  const stop = () => {
    stopping ??= (async () => {
      logger.info("arrêt en cours");
      const forced = setTimeout(() => process.exit(1), 10_000);
      forced.unref();
      // Open event streams would hold server.close() until the forced exit: end them (browsers reconnect and replay).
      endLiveStreams();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await jobs?.stop();
      await stopRuntime();
      logger.info("arrêt terminé");
    })();
    return stopping;
  };
  for (const signal of ["SIGTERM", "SIGINT"] as const) {
    process.once(signal, () => {
      void stop().then(() => process.exit(0));
    });
  }
  server.on("connection", (socket) => socket.setKeepAlive(true));
  return { server, stop };
}

export async function startProductionServer(): Promise<StartedServer> {
  const build = (await import("virtual:react-router/server-build")) as unknown as ServerBuild;
  return startServer({ build });
}

/** `npm start`: one server, or WEB_CONCURRENCY of them under a supervisor (decision 96). */
export async function startProduction(): Promise<void> {
  const env = loadEnv();
  if (cluster.isPrimary && env.WEB_CONCURRENCY > 1) await superviseInstances(env.WEB_CONCURRENCY);
  await startProductionServer();
}
