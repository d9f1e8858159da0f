import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { anonymousActor, signIn } from "~/modules/accounts/accounts.server";
import { messages } from "~/modules/accounts/accounts.schema";
import { authRequest, seedAccount } from "../support/accounts";
import { startTestRuntime } from "../support/test-database";

describe("password hashing is bounded", () => {
  let stop: () => Promise<void>;
  beforeAll(async () => {
    ({ stop } = await startTestRuntime("pglite", {
      PASSWORD_HASHING_CONCURRENCY: "1",
      PASSWORD_HASHING_QUEUE: "2",
      LOGIN_ATTEMPTS_PER_ADDRESS: "1000",
      LOGIN_ATTEMPTS_PER_EMAIL: "1000",
    }));
  });
  afterAll(() => stop());

  it("beyond the hashes in flight and the queue, a sign-in answers 503 with the French message and a retry delay", async () => {
    const account = await seedAccount("user");
    const attempts = await Promise.all(
      Array.from({ length: 12 }, (_, index) => {
        const address = `198.51.100.${index + 1}`;
        return signIn(anonymousActor(authRequest("/connexion", { clientAddress: address })), { email: account.email, password: `mauvais ${index}` }, authRequest("/connexion", { clientAddress: address }));
      }),
    );
    const statuses = attempts.map((result) => (result.ok ? 200 : result.status));
    expect(statuses.filter((status) => status === 401).length).toBeGreaterThanOrEqual(3);
    expect(statuses.filter((status) => status === 503).length).toBeGreaterThan(0);
    expect(statuses.every((status) => status === 401 || status === 503)).toBe(true);
    const busy = attempts.find((result) => !result.ok && result.status === 503);
    expect(busy).toMatchObject({ formError: messages.serviceBusy, retryAfterSeconds: 5 });
    expect(messages.serviceBusy).toBe("Service momentanément surchargé, réessayez dans un instant.");
    // Once the burst is over, the right password works again.
    expect((await signIn(anonymousActor(authRequest()), account, authRequest())).ok).toBe(true);
  });
});
