/**
 * GET /verify-identity/exemple.svg: the tutorial's example of a good photo, drawn by the app itself (no outside
 * file host): a card flat on a table, its four corners in the frame, no glare.
 */
const SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 480 300" role="img" aria-label="Exemple de photo correcte">
<rect width="480" height="300" fill="#e2e8f0"/>
<rect x="60" y="40" width="360" height="220" rx="16" fill="#ffffff" stroke="#1e3a8a" stroke-width="4"/>
<rect x="84" y="76" width="96" height="124" rx="6" fill="#cbd5e1"/>
<circle cx="132" cy="120" r="24" fill="#94a3b8"/><rect x="100" y="150" width="64" height="40" rx="20" fill="#94a3b8"/>
<g fill="#334155"><rect x="204" y="80" width="180" height="12" rx="4"/><rect x="204" y="108" width="150" height="10" rx="4"/>
<rect x="204" y="132" width="170" height="10" rx="4"/><rect x="204" y="156" width="120" height="10" rx="4"/>
<rect x="84" y="222" width="300" height="10" rx="4"/></g>
<g stroke="#15803d" stroke-width="6" fill="none" stroke-linecap="round">
<path d="M44 64V24h40"/><path d="M396 24h40v40"/><path d="M436 236v40h-40"/><path d="M84 276H44v-40"/></g>
</svg>`;

export function loader() {
  return new Response(SVG, {
    headers: { "Content-Type": "image/svg+xml; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
