// `npm run bench:scale`: on the dataset of `npm run seed:scale` (DATABASE_URL, default recours_scale on the local
// PostgreSQL; SCALE_DATA_DIR for its files and credentials), starts the production server, signs in a client, a lawyer
// and an admin over HTTP (password, then TOTP for staff) and measures p50/p95/p99 over BENCH_RUNS (200) requests each,
// one at a time: every role's dashboard, the client's case page and chat, every admin list (first page, search, deep
// page), the lawyer's lists, the review console, the linked-case lookup (case pages); issue 31's hot queries: the public
// results, the operator's results over a period, the invoices (admin list and search, a case's invoices) and a case's
// recoveries ledger; issue 33's tables (migrations 0105–0108): the client's call code (/code-appel), a lawyer's case
// page with a document-request checklist, the lawyer's dashboard with overdue documents, their public contacts
// (/avocat/coordonnees) and the public contact check (POST /verifier-un-contact, each post from its own loopback
// address: the check allows 20 per address and 10 minutes). The server logs each SQL query
// over SLOW_MS (20 ms) with its parameters; their `EXPLAIN (ANALYZE, BUFFERS)` follows the table. BENCH_ONLY=regex
// measures only the matching rows. Each row also gives the SQL queries per request and their time (the server's
// /metrics counters, read before and after the row). `--busy`: a child process spins on one core for the whole run
// (the figure then means the same on a quiet machine as on a shared one); the header says whether it was on. The target
// is p95 ≤ 30 ms on a quiet machine, ≤ 50 ms with --busy. RECOURS_SERVER_NODE_ARGS reaches the server's node
// ("--cpu-prof --cpu-prof-dir=/tmp/profiles" for a profile of the run).
import { readFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import pg from "pg";
import { cookieHeaderFrom, totpCode } from "../tests/support/accounts";
import { ensureProductionBuild, httpRequest, startProductionServer, type RunningServer } from "../tests/support/production-server";
import { SCALE_DEFAULT_DATA_DIR, SCALE_DEFAULT_URL, SCALE_KEYS } from "./support/scale-dataset";
import { lawyerContact } from "./support/scale-recent";
import { benchRequest, bodyOf, type BenchAnswer } from "./support/bench-http";
import { startCpuBurner } from "./support/cpu-burner";
import { percentile } from "./timing";

const url = process.env.DATABASE_URL ?? SCALE_DEFAULT_URL;
const dataDir = process.env.SCALE_DATA_DIR ?? SCALE_DEFAULT_DATA_DIR;
const RUNS = Number(process.env.BENCH_RUNS ?? 200);
const SLOW_MS = Number(process.env.SLOW_MS ?? 20);
/** A row far over the target stops after this long (at least 30 requests): its figures are then over fewer runs. */
const ROW_SECONDS = Number(process.env.BENCH_ROW_SECONDS ?? 60);
const busy = process.argv.includes("--busy");
/** The p95 every row should stay under: 30 ms on a quiet machine, 50 ms with a core kept busy (--busy). */
const TARGET_P95 = busy ? 50 : 30;
const METRICS_TOKEN = "scale-bench-metrics-token-0123456789abcdef";
const only = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY) : undefined;
const credentials = JSON.parse(readFileSync(path.join(dataDir, "credentials.json"), "utf8")) as {
  password: string;
  client: string;
  lawyer: string;
  admin: string;
  lawyerKey: string;
  adminKey: string;
};

const FORM = { "content-type": "application/x-www-form-urlencoded" };
const keep = (name: string) => !name.startsWith("recours_flash");

async function signIn(server: RunningServer, email: string, manualKey?: string): Promise<string> {
  const password = await httpRequest(server.baseUrl, "/connexion", {
    method: "POST",
    headers: FORM,
    body: new URLSearchParams({ email, password: credentials.password }).toString(),
  });
  if (password.status !== 302) throw new Error(`connexion refusée pour ${email} : ${password.status}`);
  const cookie = cookieHeaderFrom(password.setCookies, keep);
  if (!manualKey) return cookie;
  for (let attempt = 1; ; attempt++) {
    const verified = await httpRequest(server.baseUrl, "/connexion/verification", {
      method: "POST",
      headers: FORM,
      cookie,
      body: new URLSearchParams({ method: "app", code: await totpCode(manualKey) }).toString(),
    });
    if (verified.status === 302) return cookieHeaderFrom(verified.setCookies, keep);
    if (attempt === 2) throw new Error(`code refusé pour ${email} : ${verified.status}`);
    // A code opens one session: a run started within 30 s of the last one waits for the next code.
    await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 500));
  }
}

const database = new pg.Client({ connectionString: url });
await database.connect();
const one = async <T>(text: string, values: unknown[] = []): Promise<T> => {
  const result = await database.query(text, values);
  if (!result.rows[0]) throw new Error(`aucune ligne : ${text}`);
  return result.rows[0] as T;
};
const many = async <T>(text: string, values: unknown[] = []): Promise<T[]> => (await database.query(text, values)).rows as T[];

// Who and what the requests ask for.
const ids = await one<{ client: string; lawyer: string; admin: string }>(
  `SELECT (SELECT id FROM profiles WHERE email = $1) AS client, (SELECT id FROM profiles WHERE email = $2) AS lawyer,
          (SELECT id FROM profiles WHERE email = $3) AS admin`,
  [credentials.client, credentials.lawyer, credentials.admin],
);
const clientCase = await one<{ id: string }>(
  `SELECT c.id FROM cases c WHERE c.user_id = $1 AND c.assigned_lawyer_id IS NOT NULL
    ORDER BY (SELECT count(*) FROM case_chat_messages m WHERE m.case_id = c.id) DESC LIMIT 1`,
  [ids.client],
);
const lawyerCases = (await many<{ id: string }>(`SELECT id FROM cases WHERE assigned_lawyer_id = $1 ORDER BY assigned_at DESC LIMIT 200`, [ids.lawyer])).map((row) => row.id);
const anyCases = (await many<{ id: string }>(`SELECT id FROM cases WHERE status <> 'draft' ORDER BY md5(id::text) LIMIT 200`)).map((row) => row.id);
const clients = (await many<{ id: string; email: string; last_name: string }>(
  `SELECT id, email, last_name FROM profiles WHERE role = 'user' ORDER BY md5(id) LIMIT 200`,
));
const caseNumbers = (await many<{ case_number: string }>(`SELECT case_number FROM cases ORDER BY md5(case_number) LIMIT 200`)).map((row) => row.case_number);
const people = Number((await one<{ n: string }>(`SELECT count(*) AS n FROM profiles`)).n);
const deepUser = await one<{ at: string; id: string }>(
  `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, id FROM profiles
    ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1`,
  [Math.floor(people / 2)],
);
const journalRows = Number((await one<{ n: string }>(`SELECT reltuples::bigint AS n FROM pg_class WHERE relname = 'staff_audit_log'`)).n);
const deepJournal = await one<{ at: string; id: string }>(
  `SELECT to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, id::text FROM staff_audit_log
    ORDER BY created_at DESC, id DESC OFFSET $1 LIMIT 1`,
  [Math.floor(journalRows / 2)],
);
const caseRows = Number((await one<{ n: string }>(`SELECT reltuples::bigint AS n FROM pg_class WHERE relname = 'cases'`)).n);
const deepCase = await one<{ waiting: boolean; at: string; id: string }>(
  `SELECT status = 'submitted' AS waiting, created_at::text AS at, id FROM cases
    ORDER BY (status = 'submitted') DESC, created_at DESC, id DESC OFFSET $1 LIMIT 1`,
  [Math.floor(caseRows / 2)],
);
const caseCursor = Buffer.from(JSON.stringify([deepCase.waiting ? 1 : 0, deepCase.at, deepCase.id])).toString("base64url");
const groupRows = Number((await one<{ n: string }>(`SELECT reltuples::bigint AS n FROM pg_class WHERE relname = 'identity_document_groups'`)).n);
const deepGroup = await one<{ p: boolean; at: string; id: string }>(
  `SELECT pending AS p, last_upload::text AS at, anchor_id AS id FROM identity_document_groups
    ORDER BY pending DESC, last_upload DESC, anchor_id DESC OFFSET $1 LIMIT 1`,
  [Math.floor(groupRows / 2)],
);
const reviewCursor = Buffer.from(JSON.stringify(deepGroup)).toString("base64url");
const lawyerCaseCount = Number((await one<{ n: string }>(`SELECT count(*) AS n FROM cases WHERE assigned_lawyer_id = $1`, [ids.lawyer])).n);
const lawyerCount = Number((await one<{ n: string }>(`SELECT count(*) AS n FROM profiles WHERE role = 'lawyer'`)).n);
// Issue 31: cases of the known lawyer with invoices and with a recoveries ledger; invoice numbers and buyers to search.
const lawyerInvoicedCases = (await many<{ case_id: string }>(
  `SELECT DISTINCT case_id FROM invoices WHERE issuer_id = $1 LIMIT 200`,
  [ids.lawyer],
)).map((row) => row.case_id);
const lawyerLedgerCases = (await many<{ case_id: string }>(
  `SELECT DISTINCT r.case_id FROM case_recoveries r JOIN cases c ON c.id = r.case_id WHERE c.assigned_lawyer_id = $1 LIMIT 200`,
  [ids.lawyer],
)).map((row) => row.case_id);
const invoiceSearches = (await many<{ number: string; buyer: string }>(
  `SELECT number, buyer->>'name' AS buyer FROM invoices ORDER BY md5(id::text) LIMIT 200`,
)).flatMap((row) => [row.number, row.buyer.split(" ").at(-1)!]);
const invoiceCount = Number((await one<{ n: string }>(`SELECT reltuples::bigint AS n FROM pg_class WHERE relname = 'invoices'`)).n);
const deepInvoice = await one<{ at: string; id: string }>(
  `SELECT to_char(issued_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS at, id::text FROM invoices
    ORDER BY issued_at DESC, id DESC OFFSET $1 LIMIT 1`,
  [Math.floor(invoiceCount / 2)],
);
// Issue 33: the known lawyer's cases with the longest document checklists, and how many have documents overdue.
const checklistCases = (await many<{ case_id: string }>(
  `SELECT r.case_id FROM case_document_requests r JOIN cases c ON c.id = r.case_id WHERE c.assigned_lawyer_id = $1
    GROUP BY r.case_id ORDER BY count(*) DESC, r.case_id LIMIT 50`,
  [ids.lawyer],
)).map((row) => row.case_id);
const overdueCases = Number((await one<{ n: string }>(
  `SELECT count(DISTINCT r.case_id) AS n FROM case_document_requests r JOIN cases c ON c.id = r.case_id
    WHERE c.assigned_lawyer_id = $1 AND c.status <> 'closed' AND r.status = 'requested' AND r.due_on < (now() AT TIME ZONE 'Europe/Paris')::date`,
  [ids.lawyer],
)).n);
/** What the public contact check is asked: a partner lawyer's address, phone or site, or an unknown address. */
const contactChecks = Array.from({ length: 200 }, (_, i) => {
  const n = 1 + ((i * 37) % lawyerCount);
  const published = n % 5 !== 0;
  if (i % 4 === 0 || !published) return `conseiller${i}@placements-garantis.example`;
  if (i % 4 === 1) return lawyerContact.email(n);
  if (i % 4 === 2 || n % 3 !== 0) return lawyerContact.phone(n);
  return lawyerContact.website(n);
});
const lawyerClients = (await many<{ last_name: string }>(`SELECT last_name FROM profiles WHERE assigned_lawyer_id = $1 LIMIT 50`, [ids.lawyer])).map((row) => row.last_name);

ensureProductionBuild();
const server = await startProductionServer({
  DATABASE_URL: url,
  DATA_DIR: dataDir,
  ...SCALE_KEYS,
  MAX_CONNECTIONS_PER_ADDRESS: "0",
  LOGIN_ATTEMPTS_PER_ADDRESS: "1000",
  LOG_LEVEL: "warn",
  SLOW_QUERY_MS: String(SLOW_MS),
  METRICS_TOKEN,
});

/** The server's SQL counters (queries, seconds) from /metrics. */
async function sqlTally(): Promise<{ count: number; seconds: number }> {
  const response = await httpRequest(server.baseUrl, "/metrics", { headers: { authorization: `Bearer ${METRICS_TOKEN}` } });
  const value = (name: string) => Number(new RegExp(`^${name} (\\S+)$`, "m").exec(response.body)?.[1] ?? NaN);
  return { count: value("recours_db_queries_total"), seconds: value("recours_db_query_seconds_total") };
}

type Role = "public" | "client" | "avocat" | "admin";
interface Row {
  role: Role;
  name: string;
  path: (i: number) => string;
  /** A post of this form instead of a GET, from a loopback address of its own per request. */
  form?: (i: number) => Record<string, string>;
}

/** Loopback addresses for the posts: 127.<per run>.x.y, one per request (the whole 127/8 reaches the server). */
const addressSalt = 20 + (process.pid % 200);
const loopback = (i: number) => `127.${addressSalt}.${Math.floor(i / 250) % 256}.${1 + (i % 250)}`;

/** One request of a row (a post from its own loopback address), timed by the caller; the body is read afterwards. */
function send(row: Row, i: number, cookie: string): Promise<BenchAnswer> {
  const path = row.path(i);
  if (!row.form) return benchRequest(server.baseUrl, path, { cookie });
  return benchRequest(server.baseUrl, path, { cookie, headers: FORM, body: new URLSearchParams(row.form(i)).toString(), localAddress: loopback(i) });
}
const at = <T>(list: T[], i: number): T => list[i % list.length]!;
const q = (value: string) => encodeURIComponent(value);
/** A case of the admin list's first page, whose assignment form the "attribution ouverte" row opens (set once signed in). */
let assignableCase = "";
const rows: Row[] = [
  { role: "client", name: "tableau de bord", path: () => "/dashboard" },
  { role: "client", name: "page du dossier", path: () => `/case/${clientCase.id}` },
  { role: "client", name: "chat du dossier (2 000 messages)", path: () => `/case/${clientCase.id}/chat` },
  { role: "avocat", name: "tableau de bord", path: () => "/dashboard" },
  { role: "avocat", name: "dossiers, première page", path: () => "/avocat/dossiers" },
  { role: "avocat", name: "dossiers, recherche", path: (i) => `/avocat/dossiers?q=${q(at(lawyerClients, i))}` },
  { role: "avocat", name: `dossiers, dernière page (${lawyerCaseCount} dossiers)`, path: () => `/avocat/dossiers?page=${Math.max(1, Math.ceil(lawyerCaseCount / 25))}` },
  { role: "avocat", name: "clients, première page", path: () => "/avocat/clients" },
  { role: "avocat", name: "clients, recherche", path: (i) => `/avocat/clients?q=${q(at(lawyerClients, i))}` },
  { role: "avocat", name: "messages, toutes", path: () => "/avocat/messages" },
  { role: "avocat", name: "messages, non lues", path: () => "/avocat/messages?view=non-lues" },
  { role: "avocat", name: "messages, page 5", path: () => "/avocat/messages?page=5" },
  { role: "avocat", name: "page du dossier (client) + liés", path: (i) => `/case/${at(lawyerCases, i)}` },
  { role: "admin", name: "tableau de bord", path: () => "/dashboard" },
  { role: "admin", name: "utilisateurs, première page", path: () => "/admin/users" },
  { role: "admin", name: "utilisateurs, recherche (nom)", path: (i) => `/admin/users?q=${q(at(clients, i).last_name)}` },
  { role: "admin", name: "utilisateurs, recherche (e-mail)", path: (i) => `/admin/users?q=${q(at(clients, i).email)}` },
  { role: "admin", name: "utilisateurs, page profonde (50 %)", path: () => `/admin/users?after=${q(`${deepUser.at}_${deepUser.id}`)}` },
  { role: "admin", name: "fiche utilisateur", path: (i) => `/admin/users/${at(clients, i).id}` },
  { role: "admin", name: "avocats, première page", path: () => "/admin/lawyers" },
  { role: "admin", name: "avocats, recherche", path: (i) => `/admin/lawyers?q=avocat${1 + ((i * 37) % lawyerCount)}` },
  { role: "admin", name: "avocats, dernière page", path: () => `/admin/lawyers?page=${Math.ceil(lawyerCount / 50)}` },
  { role: "admin", name: "dossiers, première page", path: () => "/admin/cases" },
  { role: "admin", name: "dossiers, recherche (numéro)", path: (i) => `/admin/cases?q=${q(at(caseNumbers, i))}` },
  { role: "admin", name: "dossiers, recherche (e-mail)", path: (i) => `/admin/cases?q=${q(at(clients, i).email)}` },
  { role: "admin", name: "dossiers, non assignés", path: () => "/admin/cases?filter=non-assignes" },
  { role: "admin", name: "dossiers, attribution ouverte", path: () => `/admin/cases?assign=${assignableCase}` },
  { role: "admin", name: "dossiers, page profonde (50 %)", path: () => `/admin/cases?after=${caseCursor}` },
  { role: "admin", name: "dossier + dossiers liés", path: (i) => `/case/${at(anyCases, i)}` },
  { role: "admin", name: "e-mails, derniers + statistiques", path: () => "/admin/emails" },
  { role: "admin", name: "e-mails, recherche (adresse)", path: (i) => `/admin/emails?q=${q(at(clients, i).email)}` },
  { role: "admin", name: "e-mails, recherche (objet)", path: (i) => `/admin/emails?q=${q(`n° ${500000 + i * 7919}`)}` },
  { role: "admin", name: "modèles d'e-mails", path: () => "/admin/email-templates" },
  { role: "admin", name: "journal, première page", path: () => "/admin/journal" },
  { role: "admin", name: "journal, filtre auteur + action", path: () => `/admin/journal?actor=${q(credentials.admin)}&action=case.assigned` },
  { role: "admin", name: "journal, filtre cible", path: (i) => `/admin/journal?target=user&targetId=${q(at(clients, i).id)}` },
  { role: "admin", name: "journal, page profonde (50 %)", path: () => `/admin/journal?after=${q(`${deepJournal.at}_${deepJournal.id}`)}` },
  { role: "admin", name: "documents, première page", path: () => "/admin/documents" },
  { role: "admin", name: "documents, en attente", path: () => "/admin/documents?status=pending" },
  { role: "admin", name: "documents, recherche", path: (i) => `/admin/documents?q=${q(at(clients, i).email)}` },
  { role: "admin", name: "documents, page profonde (50 %)", path: () => `/admin/documents?after=${reviewCursor}` },
  { role: "admin", name: "répartition des avocats", path: () => "/admin/lawyer-allocation" },
  { role: "admin", name: "répartition, recherche", path: (i) => `/admin/lawyer-allocation?q=avocat${1 + ((i * 37) % lawyerCount)}` },
  { role: "public", name: "résultats publiés (/resultats)", path: () => "/resultats" },
  { role: "avocat", name: "factures du dossier", path: (i) => `/case/${at(lawyerInvoicedCases, i)}/factures` },
  { role: "avocat", name: "page du dossier avec sommes récupérées", path: (i) => `/case/${at(lawyerLedgerCases, i)}` },
  { role: "admin", name: "tableau de bord, résultats sur 12 mois", path: () => "/dashboard?period=12-mois" },
  { role: "admin", name: "tableau de bord, résultats depuis le début", path: () => "/dashboard?period=tout" },
  { role: "admin", name: `factures, première page (${invoiceCount} documents)`, path: () => "/admin/factures" },
  { role: "admin", name: "factures, recherche (numéro ou client)", path: (i) => `/admin/factures?q=${q(at(invoiceSearches, i))}` },
  { role: "admin", name: "factures, période d'un mois", path: () => "/admin/factures?from=2026-03-01&to=2026-03-31" },
  { role: "admin", name: "factures, page profonde (50 %)", path: () => `/admin/factures?after=${q(`${deepInvoice.at}_${deepInvoice.id}`)}` },
  { role: "admin", name: "factures, recherche + période", path: (i) => `/admin/factures?q=${q(at(invoiceSearches, i))}&from=2026-01-01&to=2026-12-31` },
  { role: "admin", name: "répartition, dernière page", path: () => `/admin/lawyer-allocation?page=${Math.ceil(lawyerCount / 50)}` },
  { role: "client", name: "code d'appel (/code-appel)", path: () => "/code-appel" },
  { role: "avocat", name: "page du dossier avec demandes de documents", path: (i) => `/case/${at(checklistCases, i)}` },
  { role: "avocat", name: `tableau de bord, documents en retard (${overdueCases} dossiers)`, path: () => "/dashboard" },
  { role: "avocat", name: "coordonnées publiques (/avocat/coordonnees)", path: () => "/avocat/coordonnees" },
  { role: "public", name: "vérifier un contact (POST)", path: () => "/verifier-un-contact", form: (i) => ({ contact: at(contactChecks, i) }) },
];

interface Figures {
  row: Row;
  kb: number;
  p50: number;
  p95: number;
  p99: number;
  load: number;
  slow: number;
  /** SQL queries per request and their time per request (ms). */
  queries: number;
  sqlMs: number;
}
const results: Figures[] = [];
const stopBurner = busy ? startCpuBurner() : () => {};
try {
  const cookies: Record<Role, string> = {
    public: "",
    client: await signIn(server, credentials.client),
    avocat: await signIn(server, credentials.lawyer, credentials.lawyerKey),
    admin: await signIn(server, credentials.admin, credentials.adminKey),
  };
  const adminFirstPage = await httpRequest(server.baseUrl, "/admin/cases", { cookie: cookies.admin });
  assignableCase = /assign=([0-9a-f-]{36})/.exec(adminFirstPage.body)?.[1] ?? "";
  // A scrape's own queries (the job queue's depth), counted between two readings: taken off each row's figure.
  const scrapeQueries = -(await sqlTally()).count + (await sqlTally()).count;
  console.log(
    `serveur ${server.baseUrl} sur ${url} ; ${RUNS} requêtes par ligne, une à la fois ; charge au départ ${loadavg()[0]!.toFixed(1)} ; ` +
      `--busy ${busy ? "oui (un cœur occupé par un processus voisin)" : "non"} ; cible p95 ≤ ${TARGET_P95} ms\n`,
  );
  console.log(`${"rôle".padEnd(7)} ${"page".padEnd(44)} ${"p50".padStart(8)} ${"p95".padStart(8)} ${"p99".padStart(8)} ${"Ko".padStart(6)} ${"SQL/req".padStart(8)} ${"ms SQL".padStart(7)}  charge`);
  for (const row of rows) {
    if (only && !only.test(`${row.role} ${row.name}`)) continue;
    const cookie = cookies[row.role];
    const first = await send(row, 0, cookie);
    if (first.status !== 200) {
      console.log(`${row.role.padEnd(7)} ${row.name.padEnd(44)} réponse ${first.status} ${bodyOf(first).toString("utf8", 0, 200)} : ligne sautée`);
      continue;
    }
    const slowBefore = server.output().split("requête lente").length;
    const tallyBefore = await sqlTally();
    const times: number[] = [];
    let last = first;
    const rowStart = performance.now();
    for (let i = 0; i < RUNS; i += 1) {
      if (i >= 30 && performance.now() - rowStart > ROW_SECONDS * 1000) break;
      const start = performance.now();
      const response = await send(row, i, cookie);
      times.push(performance.now() - start);
      last = response;
      if (response.status !== 200) throw new Error(`${row.role} ${row.name} (${row.path(i)}) : ${response.status}`);
    }
    const tallyAfter = await sqlTally();
    const figures = {
      row,
      kb: bodyOf(last).byteLength / 1024,
      p50: percentile(times, 50),
      p95: percentile(times, 95),
      p99: percentile(times, 99),
      load: loadavg()[0]!,
      slow: server.output().split("requête lente").length - slowBefore,
      queries: (tallyAfter.count - tallyBefore.count - scrapeQueries) / times.length,
      sqlMs: ((tallyAfter.seconds - tallyBefore.seconds) * 1000) / times.length,
    };
    results.push(figures);
    console.log(
      `${row.role.padEnd(7)} ${row.name.padEnd(44)} ${figures.p50.toFixed(1).padStart(8)} ${figures.p95.toFixed(1).padStart(8)} ${figures.p99.toFixed(1).padStart(8)} ${figures.kb.toFixed(0).padStart(6)} ${figures.queries.toFixed(1).padStart(8)} ${figures.sqlMs.toFixed(1).padStart(7)}  ${figures.load.toFixed(1)}${figures.p95 > TARGET_P95 ? `  ← p95 > ${TARGET_P95} ms` : ""}${times.length < RUNS ? `  (${times.length} requêtes seulement)` : ""}${figures.slow > 0 ? `  (${figures.slow} requêtes SQL > ${SLOW_MS} ms)` : ""}`,
    );
  }
} finally {
  stopBurner();
  await server.stop();
}

const misses = results.filter((figures) => figures.p95 > TARGET_P95);
console.log(`\n${results.length - misses.length}/${results.length} lignes avec p95 ≤ ${TARGET_P95} ms (cible ${busy ? "avec --busy" : "machine calme"}, --busy ${busy ? "oui" : "non"}, charge à la fin ${loadavg()[0]!.toFixed(1)})${misses.length ? ` ; au-dessus : ${misses.map((m) => `${m.row.role} ${m.row.name}`).join(", ")}` : ""}`);

// The slow queries, once each (the slowest run), explained on the same database.
interface SlowQuery {
  ms: number;
  sql: string;
  parameters: unknown[];
}
const slowest = new Map<string, SlowQuery & { count: number }>();
for (const line of server.output().split("\n")) {
  if (!line.includes('"slowQuery"')) continue;
  let entry: SlowQuery;
  try {
    entry = (JSON.parse(line) as { slowQuery: SlowQuery }).slowQuery;
  } catch {
    continue;
  }
  const seen = slowest.get(entry.sql);
  if (!seen || seen.ms < entry.ms) slowest.set(entry.sql, { ...entry, count: (seen?.count ?? 0) + 1 });
  else seen.count += 1;
}
if (slowest.size === 0) console.log(`\naucune requête SQL au-dessus de ${SLOW_MS} ms`);
// Re-run alone, a query slow only because the machine was busy shows a short "Execution Time": listed, not explained.
const fast: string[] = [];
for (const query of [...slowest.values()].sort((a, b) => b.count - a.count)) {
  await database.query("BEGIN");
  let execution = Infinity;
  try {
    const timing = await database.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, FORMAT JSON) ${query.sql}`, query.parameters as unknown[]);
    execution = (timing.rows[0]!["QUERY PLAN"] as unknown as { "Execution Time": number }[])[0]!["Execution Time"];
  } catch {
    // explained below with its error
  } finally {
    await database.query("ROLLBACK");
  }
  if (execution < SLOW_MS) {
    fast.push(`  ${execution.toFixed(1).padStart(6)} ms seule (${query.count} fois > ${SLOW_MS} ms, ${query.ms} ms au plus) : ${query.sql.replace(/\s+/g, " ").slice(0, 160)}`);
    continue;
  }
  console.log(`\n— requête SQL de ${query.ms} ms au plus (${query.count} fois > ${SLOW_MS} ms), ${execution.toFixed(1)} ms seule :\n  ${query.sql.replace(/\s+/g, " ")}\n  paramètres : ${JSON.stringify(query.parameters).slice(0, 300)}`);
  // In a transaction rolled back: EXPLAIN ANALYZE runs the statement, and some are writes (sessions, counters).
  await database.query("BEGIN");
  try {
    const plan = await database.query<{ "QUERY PLAN": string }>(`EXPLAIN (ANALYZE, BUFFERS) ${query.sql}`, query.parameters as unknown[]);
    console.log(plan.rows.map((row) => `  ${row["QUERY PLAN"]}`).join("\n"));
  } catch (error) {
    console.log(`  (plan impossible : ${(error as Error).message})`);
  } finally {
    await database.query("ROLLBACK");
  }
}
if (fast.length > 0) console.log(`\nrequêtes lentes seulement sous la charge (moins de ${SLOW_MS} ms seules) :\n${fast.join("\n")}`);
await database.end();
