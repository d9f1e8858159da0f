/**
 * Secrets stay off the database's disk (issue 9): no live reset or confirmation token in DATA_DIR once the emails
 * are sent; in production the two keys come from the environment and differ.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { requestEmailChange, requestPasswordReset, signUp } from "~/modules/accounts/accounts.server";
import { signUpSchema } from "~/modules/accounts/accounts.schema";
import type { UserActor } from "~/platform/actor";
import { parseEnv } from "~/platform/env.server";
import { db, runtime, startRuntime, stopRuntime } from "~/platform/runtime.server";
import { seedAccount, STRONG_PASSWORD } from "../support/accounts";
import { latestLink } from "../support/mailbox";
import { persistentDatabaseTarget, startTestRuntimeOn, testEnv } from "../support/test-database";

function filesUnder(directory: string): string[] {
  return readdirSync(directory).flatMap((entry) => {
    const full = path.join(directory, entry);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

/** The files of the folder (and how many) in which a string appears, as UTF-8 or Latin-1 bytes. */
function grep(directory: string, needle: string): string[] {
  const bytes = [Buffer.from(needle, "utf8"), Buffer.from(needle, "latin1")];
  return filesUnder(directory).filter((file) => {
    const content = readFileSync(file);
    return bytes.some((needleBytes) => content.includes(needleBytes));
  });
}

describe("secrets at rest (embedded database)", () => {
  let persistent: Awaited<ReturnType<typeof persistentDatabaseTarget>>;
  const tokens: string[] = [];

  beforeAll(async () => {
    persistent = await persistentDatabaseTarget("pglite");
    await startTestRuntimeOn(persistent.target);
    const anonymous = { kind: "anonymous" as const, clientAddress: "203.0.113.50" };
    const request = new Request("http://localhost/", { headers: { "x-recours-client-address": "203.0.113.50" } });
    const email = "secrets@exemple.fr";
    const input = signUpSchema.parse({
      firstName: "Sarah",
      lastName: "Secret",
      email,
      password: STRONG_PASSWORD,
      phoneMobileCountry: "FR",
      phoneMobile: "612345678",
      country: "france",
    });
    expect((await signUp(anonymous, input, request)).ok).toBe(true);
    tokens.push(new URL(await latestLink(email, "/verifier-email")).searchParams.get("token")!);
    const user = await seedAccount("user", { email: "reset@exemple.fr", firstName: "Rémi" });
    await requestPasswordReset(anonymous, user.email);
    tokens.push(new URL(await latestLink(user.email, "/reinitialiser-mot-de-passe")).searchParams.get("token")!);
    const actor: UserActor = {
      kind: "user",
      userId: user.userId,
      sessionId: "s",
      email: user.email,
      role: "user",
      firstName: "Rémi",
      lastName: "R",
      clientAddress: "203.0.113.50",
      secondFactor: "not-enrolled",
    };
    expect(await requestEmailChange(actor, "nouvelle.adresse@exemple.fr", STRONG_PASSWORD)).toEqual({ ok: true });
    tokens.push(new URL(await latestLink("nouvelle.adresse@exemple.fr", "/verifier-email")).searchParams.get("token")!);
    // The reset link is live: its hashed row is there and unexpired.
    expect(await db().selectFrom("verification").select("id").where("value", "=", user.userId).execute()).toHaveLength(1);
    // Write everything to disk: the data files and the write-ahead log.
    await stopRuntime();
  }, 120_000);

  afterAll(async () => {
    await stopRuntime();
    await persistent.drop();
  });

  it("no live reset or confirmation token can be found by grepping DATA_DIR after the emails were sent", () => {
    const dataDir = persistent.serverEnv.DATA_DIR!;
    expect(tokens).toHaveLength(3);
    expect(filesUnder(dataDir).length).toBeGreaterThan(10);
    for (const token of tokens) {
      expect(token.length).toBeGreaterThan(20);
      // The whole token, and its secret part alone (a signed link's signature; a reset token is all secret).
      const secretPart = token.split(".").at(-1)!;
      expect(grep(dataDir, token), token).toEqual([]);
      expect(grep(dataDir, secretPart), secretPart).toEqual([]);
    }
  });
});

describe("keys in production", () => {
  it("with DATABASE_URL, the session secret and the second-factor key must both come from the environment", async () => {
    const url = process.env.TEST_DATABASE_URL ?? "postgres://postgres@127.0.0.1:5432/test";
    const base = { NODE_ENV: "test", LOG_LEVEL: "silent", DATABASE_URL: url };
    await expect(startRuntime(parseEnv({ ...base, TWO_FACTOR_ENCRYPTION_KEY: "k".repeat(40) }), { migrate: false })).rejects.toThrow(
      /AUTH_SECRET : requis avec DATABASE_URL/,
    );
    await expect(startRuntime(parseEnv({ ...base, AUTH_SECRET: "s".repeat(40) }), { migrate: false })).rejects.toThrow(
      /TWO_FACTOR_ENCRYPTION_KEY : requis avec DATABASE_URL/,
    );
    expect(() => parseEnv({ ...base, AUTH_SECRET: "s".repeat(40), TWO_FACTOR_ENCRYPTION_KEY: "s".repeat(40) })).toThrow(
      /TWO_FACTOR_ENCRYPTION_KEY : doit être différente d'AUTH_SECRET/,
    );
  });

  it("the embedded database keeps distinct keys, made once", async () => {
    const persistent = await persistentDatabaseTarget("pglite");
    try {
      const env = testEnv({ DATA_DIR: persistent.serverEnv.DATA_DIR! });
      const { AUTH_SECRET: _a, TWO_FACTOR_ENCRYPTION_KEY: _k, ...withoutKeys } = env;
      await startRuntime({ ...withoutKeys, AUTH_SECRET: undefined, TWO_FACTOR_ENCRYPTION_KEY: undefined } as typeof env);
      const first = { ...runtime() };
      expect(first.secondFactorKey).not.toBe(first.authSecret);
      await stopRuntime();
      await startRuntime({ ...withoutKeys, AUTH_SECRET: undefined, TWO_FACTOR_ENCRYPTION_KEY: undefined } as typeof env);
      expect(runtime().secondFactorKey).toBe(first.secondFactorKey);
      expect(runtime().authSecret).toBe(first.authSecret);
    } finally {
      await stopRuntime();
      await persistent.drop();
    }
  }, 60_000);
});
