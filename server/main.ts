// Starts Recours: the built server bundle in production, Vite's dev server with --dev.

async function main() {
  if (process.argv.includes("--dev")) {
    const vite = await import("vite");
    const viteDevServer = await vite.createServer({ server: { middlewareMode: true } });
    const serverModule = (await viteDevServer.ssrLoadModule("./server/app.ts")) as typeof import("./app");
    await serverModule.startServer({
      devMiddlewares: viteDevServer.middlewares,
      build: () => viteDevServer.ssrLoadModule("virtual:react-router/server-build") as never,
    });
    return;
  }
  const bundle = "../build/server/index.js";
  const serverModule = (await import(bundle)) as typeof import("./app");
  await serverModule.startProduction();
}

main().catch((error: unknown) => {
  // The bundle has its own copy of the error classes: recognise a configuration error by its message.
  if (error instanceof Error && error.message.startsWith("Configuration invalide")) {
    console.error(error.message);
  } else {
    console.error("Recours n'a pas pu démarrer :", error);
  }
  process.exit(1);
});
