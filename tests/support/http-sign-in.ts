import { expect } from "vitest";
import { cookieHeaderFrom } from "./accounts";
import { httpRequest, visibleText } from "./production-server";
import { totpCode } from "./totp";

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const keep = (name: string) => !name.startsWith("recours_flash");

export interface HttpSignIn {
  /** The session cookie header. */
  cookie: string;
  /** Where the last step sent the browser. */
  location: string | null;
}

/**
 * Signs in over HTTP as a browser would: the password, then (an account with a second factor, given its manual key)
 * the code from the app. The password step alone never sets a session cookie for such an account.
 */
export async function signInOverHttp(baseUrl: string, account: { email: string; password: string; manualKey?: string }): Promise<HttpSignIn> {
  const response = await httpRequest(baseUrl, "/connexion", { method: "POST", headers: FORM, body: new URLSearchParams({ email: account.email, password: account.password }).toString() });
  expect(response.status, visibleText(response.body).slice(0, 2000)).toBe(302);
  let last = response;
  if (account.manualKey) {
    expect(response.location).toBe("/connexion/verification");
    const challenge = cookieHeaderFrom(response.setCookies, keep);
    expect(challenge).not.toMatch(/session_token=/);
    last = await httpRequest(baseUrl, "/connexion/verification", {
      method: "POST",
      headers: FORM,
      cookie: challenge,
      body: new URLSearchParams({ method: "app", code: await totpCode(account.manualKey) }).toString(),
    });
    expect(last.status, visibleText(last.body).slice(0, 2000)).toBe(302);
  }
  const cookie = cookieHeaderFrom(last.setCookies, keep);
  expect(cookie).toMatch(/session_token=/);
  return { cookie, location: last.location };
}
