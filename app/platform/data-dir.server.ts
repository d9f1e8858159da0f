import { chmodSync, existsSync, lstatSync, mkdirSync, readdirSync } from "node:fs";
import path from "node:path";
import { isMainThread } from "node:worker_threads";
import { logger } from "./logger.server";

/**
 * DATA_DIR holds the embedded database, the generated keys and the encrypted files: owner-only, always (decision 65).
 */

/** Everything this process creates from now on is owner-only. Worker threads cannot set it (they share the process's). */
export function restrictNewFiles(): void {
  if (isMainThread) process.umask(0o077);
}

export interface PrivateTreeOptions {
  /** Replaced in tests to simulate a folder owned by someone else. */
  chmod?: (file: string, mode: number) => void;
}

/**
 * Creates `root` owner-only if missing, then takes every group and other permission off it and off everything in it
 * (symbolic links are not followed). Returns how many entries had to be tightened. Throws a French configuration
 * error naming the first entry it could not fix (another owner, read-only mount).
 */
export function makeTreePrivate(root: string, options: PrivateTreeOptions = {}): number {
  const chmod = options.chmod ?? chmodSync;
  const top = path.resolve(root);
  if (!existsSync(top)) mkdirSync(top, { recursive: true, mode: 0o700 });
  let tightened = 0;
  const visit = (entry: string) => {
    const stats = lstatSync(entry);
    if (stats.isSymbolicLink()) return;
    if ((stats.mode & 0o077) !== 0) {
      try {
        chmod(entry, stats.mode & 0o700);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code ?? (error as Error).message;
        throw new Error(
          `Configuration invalide :\n  - DATA_DIR : ${entry} est accessible à d'autres comptes de la machine (droits ${(stats.mode & 0o777).toString(8)}) ` +
            `et Recours ne peut pas le rendre privé (${code}). Ce dossier contient la base, les clés et les fichiers chiffrés : ` +
            `lancez « chmod -R go-rwx ${top} » avec le compte qui le possède, puis redémarrez.`,
          { cause: error },
        );
      }
      tightened += 1;
    }
    if (stats.isDirectory()) for (const child of readdirSync(entry)) visit(path.join(entry, child));
  };
  visit(top);
  return tightened;
}

const secured = new Set<string>();

/**
 * At start (server, worker, scripts): owner-only file creation, and DATA_DIR made private if it is not (with a
 * warning), once per folder and process. An in-memory database has no folder.
 */
export function secureDataDir(dataDir: string): void {
  restrictNewFiles();
  if (dataDir.startsWith("memory://")) return;
  const root = path.resolve(dataDir);
  if (secured.has(root)) return;
  const tightened = makeTreePrivate(root);
  if (tightened > 0) {
    logger.warn({ dataDir: root, tightened }, "DATA_DIR était accessible à d'autres comptes : droits réduits au seul propriétaire");
  }
  secured.add(root);
}
