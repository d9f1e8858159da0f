// Starts Recours: the built server bundle in production, Vite's dev server with --dev.
// Plain JavaScript run by `node` itself: the bundle is already JavaScript, and a TypeScript loader in front of every
// module it imports would cost a production start (or each test server's) about 3 s of CPU.

async function main() {
  if (process.argv.includes("--dev")) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    /** @type {typeof import("./app")} */
    const serverModule = await viteDevServer.ssrLoadModule("./server/app.ts");
    await serverModule.startServer({
      devMiddlewares: viteDevServer.middlewares,
      build: () => viteDevServer.ssrLoadModule("virtual:react-router/server-build"),
    });
    return;
  }
  const bundle = "../build/server/index.js";
  /** @type {typeof import("./app")} */
  const serverModule = await import(bundle);
  await serverModule.startProduction();
}

main().catch((error) => {
  // The bundle has its own copy of the error classes: recognise a configuration error by its message.
  if (error instanceof Error && error.message.startsWith("Configuration invalide")) {
    console.error(error.message);
  } else {
    console.error("Recours n'a pas pu démarrer :", error);
  }
  process.exit(1);
});
