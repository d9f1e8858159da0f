import { existsSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/**
 * A file of the project (a worker entry kept outside the server bundle), found by walking up from the calling module:
 * the sources (dev, Vitest: app/modules/…) and the server bundle (build/server/index.js) both sit inside the folder
 * that holds app/.
 */
export function projectFile(relativePath: string, fromModuleUrl: string): string {
  let directory = path.dirname(fileURLToPath(fromModuleUrl));
  for (;;) {
    const candidate = path.join(directory, relativePath);
    if (existsSync(candidate)) return candidate;
    const parent = path.dirname(directory);
    if (parent === directory) throw new Error(`${relativePath} introuvable depuis ${fileURLToPath(fromModuleUrl)}`);
    directory = parent;
  }
}
