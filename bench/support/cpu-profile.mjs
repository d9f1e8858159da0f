// A CPU profile of the process it is imported into, written when it exits: for the servers the benches start, whose
// NODE_OPTIONS may not carry --cpu-prof. `BENCH_SERVER_NODE_OPTIONS="--import ./bench/support/cpu-profile.mjs"`;
// CPU_PROFILE_DIR (default the temporary folder) receives recours-<pid>.cpuprofile.
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import { tmpdir } from "node:os";
import path from "node:path";

const session = new Session();
session.connect();
session.post("Profiler.enable");
session.post("Profiler.setSamplingInterval", { interval: Number(process.env.CPU_PROFILE_INTERVAL_US ?? 200) });
session.post("Profiler.start");
process.on("exit", () => {
  // The in-process session answers synchronously: the profile is written before the process ends.
  session.post("Profiler.stop", (error, result) => {
    if (error) return;
    const file = path.join(process.env.CPU_PROFILE_DIR ?? tmpdir(), `recours-${process.pid}.cpuprofile`);
    writeFileSync(file, JSON.stringify(result.profile));
  });
});
