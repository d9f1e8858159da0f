import { privatePathPrefixes } from "~/content/site";
import { absoluteUrl } from "~/content/seo";
import { env } from "~/platform/env.server";

export function loader() {
  const body = [
    "User-agent: *",
    ...privatePathPrefixes.map((prefix) => `Disallow: ${prefix}`),
    "",
    `Sitemap: ${absoluteUrl(env().PUBLIC_URL, "/sitemap.xml")}`,
    "",
  ].join("\n");
  return new Response(body, {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
