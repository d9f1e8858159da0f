// Starts Recours: the built server bundle in production, Vite's dev server with --dev.
import { InvalidEnvironmentError } from "../app/platform/env.server";

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
  await serverModule.startProductionServer();
}

main().catch((error: unknown) => {
  if (error instanceof InvalidEnvironmentError || (error instanceof Error && error.message.startsWith("Configuration invalide"))) {
    console.error(error.message);
  } else {
    console.error("Recours n'a pas pu démarrer :", error);
  }
  process.exit(1);
});
