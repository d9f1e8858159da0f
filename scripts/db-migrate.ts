// npm run db:migrate — applies pending migrations (the server also does it at start).
import { withRuntime } from "./cli";

await withRuntime(async () => {
  console.log("Base de données à jour.");
});
