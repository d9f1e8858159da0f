/** The public pages the load benches visit, in turn. */
export const PUBLIC_PAGES = ["/", "/fonctionnement", "/temoignages", "/a-propos", "/avocats", "/premiers-reflexes", "/arnaques/faux-placements", "/mentions-legales"];
