import type { Env } from "~/platform/env.server";

export interface OutgoingSms {
  /** E.164. */
  to: string;
  text: string;
  /** Stable per job, so that the provider can recognise a repeat. */
  id: string;
}

export interface SmsProvider {
  send(sms: OutgoingSms): Promise<void>;
}

/** The provider refused the message (HTTP 4xx other than 408 and 429): sending it again would not help. */
export class SmsRefusedError extends Error {
  override name = "SmsRefusedError";
}

export type SmsProviderSettings = Pick<Env, "SMS_PROVIDER_URL" | "SMS_PROVIDER_TOKEN" | "SMS_SENDER">;

/** Whether the operator configured a provider: without one, no SMS option is shown and nothing is queued. */
export function smsProviderConfigured(env: SmsProviderSettings): boolean {
  return Boolean(env.SMS_PROVIDER_URL && env.SMS_PROVIDER_TOKEN);
}

/**
 * The generic HTTP provider (decision 0087): one JSON POST {to, text, id, from} with the bearer token per SMS. A 2xx
 * is sent; a 4xx is a refusal (SmsRefusedError); a 5xx, 408, 429, a timeout or no answer is an error to retry. The
 * answer's body is never read into an error: it could repeat the number. Null without a provider.
 */
export function createSmsProvider(env: SmsProviderSettings, options: { timeoutMs?: number } = {}): SmsProvider | null {
  const url = env.SMS_PROVIDER_URL;
  const token = env.SMS_PROVIDER_TOKEN;
  if (!url || !token) return null;
  const timeoutMs = options.timeoutMs ?? 10_000;
  return {
    async send(sms) {
      let response: Response;
      try {
        response = await fetch(url, {
          method: "POST",
          headers: { authorization: `Bearer ${token}`, "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ to: sms.to, text: sms.text, id: sms.id, from: env.SMS_SENDER }),
          redirect: "error",
          signal: AbortSignal.timeout(timeoutMs),
        });
      } catch (error) {
        const reason = error instanceof Error && error.name === "TimeoutError" ? `pas de réponse en ${timeoutMs} ms` : "injoignable";
        throw new Error(`fournisseur de SMS ${reason}`);
      }
      await response.body?.cancel().catch(() => undefined);
      if (response.ok) return;
      const { status } = response;
      if (status >= 400 && status < 500 && status !== 408 && status !== 429) {
        throw new SmsRefusedError(`le fournisseur de SMS a refusé le message (HTTP ${status})`);
      }
      throw new Error(`fournisseur de SMS en erreur (HTTP ${status})`);
    },
  };
}
