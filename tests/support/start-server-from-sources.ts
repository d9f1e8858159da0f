// `startServer` of server/app.ts run from the sources, without a build: for start-up refusals, which all happen before
// the build is used. Prints what server/main.mjs prints and exits 1 the same way.
import { startServer } from "../../server/app";

startServer({
  build: () => Promise.reject(new Error("pas de build dans ce démarrage de test")),
}).catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error && error.message.startsWith("Configuration invalide") ? error.message : String(error)}\n`);
  process.exit(1);
});
