import { createCookie, redirect } from "react-router";
import { runtime } from "./runtime.server";

export interface Toast {
  title: string;
  description?: string;
  tone?: "success" | "error";
  /**
   * Shown on the sign-in page as a lasting notice with the email pre-filled (after an address is confirmed),
   * instead of a toast that fades.
   */
  signIn?: { email: string };
  /** A next step the message offers (a same-site path). A toast with an action stays until it is closed. */
  action?: { label: string; to: string };
}

let cookieCache: { secret: string; cookie: ReturnType<typeof createCookie> } | undefined;

function flashCookie() {
  const { authSecret, env } = runtime();
  if (cookieCache?.secret !== authSecret) {
    cookieCache = {
      secret: authSecret,
      cookie: createCookie("recours_flash", {
        httpOnly: true,
        sameSite: "lax",
        path: "/",
        maxAge: 60,
        secure: env.PUBLIC_URL.startsWith("https://"),
        secrets: [authSecret],
      }),
    };
  }
  return cookieCache.cookie;
}

export async function readToast(request: Request): Promise<Toast | null> {
  const value: unknown = await flashCookie().parse(request.headers.get("cookie"));
  if (!value || typeof value !== "object" || typeof (value as Toast).title !== "string") return null;
  return value as Toast;
}

export function clearToastCookie(): Promise<string> {
  return flashCookie().serialize("", { maxAge: 0 });
}

/** Redirects and shows a toast on the next page, with JavaScript or without. */
export async function redirectWithToast(url: string, toast: Toast, headers: Headers = new Headers()): Promise<Response> {
  headers.append("set-cookie", await flashCookie().serialize(toast));
  return redirect(url, { headers });
}
