// Entry of the inspection worker threads (inspection-pool.server.ts). Plain JavaScript outside the server bundle, so
// that the same file runs under `npm run dev`, the built server and Vitest: it registers tsx in its own thread, then
// loads the TypeScript checks from the sources. tsx is a runtime dependency (`npm start` runs through it).
import { register } from "tsx/esm/api";

register();
const { inspect } = await import("./inspection-tasks.server.ts");

export default inspect;
