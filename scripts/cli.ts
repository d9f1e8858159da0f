import { randomBytes } from "node:crypto";
import { env } from "../app/platform/env.server";
import { startRuntime, stopRuntime } from "../app/platform/runtime.server";

/** Runs a command-line task on the configured database (PGlite: stop the server first, one process per folder). */
export async function withRuntime(task: () => Promise<void>): Promise<void> {
  try {
    await startRuntime(env());
    await task();
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exitCode = 1;
  } finally {
    await stopRuntime();
  }
}

export const SECOND_FACTOR_NOTICE =
  "À la première connexion d'un avocat ou d'un administrateur, Recours demande d'activer la double authentification " +
  "(une application d'authentification sur le téléphone : QR code ou clé, puis un code à 6 chiffres) avant d'ouvrir " +
  "toute page de l'espace membre. Les codes de secours ne sont affichés qu'une fois, à ce moment-là.";

/** 24 random characters: shown once, never stored but as a hash. */
export function generatePassword(): string {
  return randomBytes(18).toString("base64url");
}

export function argument(name: string): string | undefined {
  const index = process.argv.indexOf(`--${name}`);
  if (index >= 0) return process.argv[index + 1];
  const inline = process.argv.find((arg) => arg.startsWith(`--${name}=`));
  return inline?.slice(name.length + 3);
}
