import { spawn, type ChildProcess } from "node:child_process";

/**
 * `--busy`: a child process spinning on one core for the whole run, so that a benchmark measured on a quiet machine
 * means what it would on a shared one (another process keeping a core busy). Stop it with the returned function.
 */
export function startCpuBurner(): () => void {
  const child: ChildProcess = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
  const stop = () => {
    if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
  };
  process.once("exit", stop);
  return stop;
}
