import { publicPagePaths } from "~/content/site";
import { absoluteUrl } from "~/content/seo";
import { env } from "~/platform/env.server";

function escapeXml(text: string): string {
  return text.replace(/[<>&'"]/g, (c) => ({ "<": "&lt;", ">": "&gt;", "&": "&amp;", "'": "&apos;", '"': "&quot;" })[c]!);
}

export function loader() {
  const urls = publicPagePaths()
    .map((path) => `  <url><loc>${escapeXml(absoluteUrl(env().PUBLIC_URL, path))}</loc></url>`)
    .join("\n");
  const body = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls}\n</urlset>\n`;
  return new Response(body, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": "public, max-age=3600" },
  });
}
