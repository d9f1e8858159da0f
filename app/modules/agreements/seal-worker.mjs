// Entry of the seal worker threads (seal-pool.server.ts), like inspection-worker.mjs: plain JavaScript outside the
// server bundle, it registers tsx in its own thread and loads the TypeScript task from the sources.
import { register } from "tsx/esm/api";

register();
const { runSealTask } = await import("./seal-task.server.ts");

export default runSealTask;
