// `npm run seed:scale`: fills the PostgreSQL database of DATABASE_URL (default: recours_scale on the local server,
// created if missing; never point it at a database in use: it empties it first) with the realistic dataset of issue 14:
// 100 000 clients, 2 000 lawyers, 20 admins, 1 000 000 cases in every status, 400 000 identity documents (300 of them
// real encrypted files, through the storage gateway into SCALE_DATA_DIR), 5 000 000 chat messages, 3 000 000
// payments and identifiers, 1 000 000 e-mails, a year of staff journal; the finished cases' outcomes, recoveries
// ledgers and invoices from lawyers with an invoicing profile (scale-settlements.ts); the tables of migrations 0105–0108
// (scale-recent.ts): call codes used and revealed, lawyers' public contacts, document requests and their history, a
// filing receipt per submitted case, SMS preferences and logs. Set-based SQL, indexes built once after the
// load; prints the time per table. SCALE=0.1 for a tenth. Every account signs in with SCALE_PASSWORD; the three known
// accounts (client@, avocat@, admin@scale.example) and the staff's second-factor key are written to
// SCALE_DATA_DIR/credentials.json for `npm run bench:scale`.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import pg from "pg";
import sharp from "sharp";
import { currentTemplate } from "~/modules/agreements/templates.server";
import { startFileStorage } from "~/modules/files/files.server";
import { parseEnv } from "~/platform/env.server";
import { db, startRuntime, stopRuntime } from "~/platform/runtime.server";
import { seedAccount, seedEnrolledAccount } from "../tests/support/accounts";
import {
  BULK_TABLES,
  caseSteps,
  chatSteps,
  chatSummarySteps,
  dropIndexes,
  emailSteps,
  identitySteps,
  journalSteps,
  KNOWN_EMAILS,
  bulkSession,
  paymentSteps,
  peopleSteps,
  runSteps,
  SCALE_DEFAULT_DATA_DIR,
  SCALE_DEFAULT_URL,
  SCALE_KEYS,
  SCALE_PASSWORD,
  scaledSizes,
  type Step,
} from "./support/scale-dataset";
import { RECEIPT_KEY_PLACEHOLDER, RECENT_TABLES, recentSteps } from "./support/scale-recent";
import { SETTLEMENT_TABLES, settlementSteps } from "./support/scale-settlements";

const url = process.env.DATABASE_URL ?? SCALE_DEFAULT_URL;
const dataDir = process.env.SCALE_DATA_DIR ?? SCALE_DEFAULT_DATA_DIR;
const sizes = scaledSizes(Number(process.env.SCALE ?? 1));
const REAL_FILES = Math.min(300, sizes.identityDocuments);
const started = performance.now();
const report = (line: string) => console.log(line);

// A fresh database: created when missing, emptied (public schema) otherwise.
{
  const target = new URL(url);
  const name = target.pathname.slice(1);
  if (["test", "postgres", "template0", "template1"].includes(name)) throw new Error(`refus de remplir la base « ${name} » : choisissez une base dédiée`);
  const admin = new pg.Client({ connectionString: Object.assign(new URL(url), { pathname: "/postgres" }).toString() });
  await admin.connect();
  const exists = await admin.query("SELECT 1 FROM pg_database WHERE datname = $1", [name]);
  if (exists.rowCount === 0) await admin.query(`CREATE DATABASE "${name}"`);
  await admin.end();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query("DROP SCHEMA public CASCADE; CREATE SCHEMA public");
  await client.end();
}
rmSync(dataDir, { recursive: true, force: true });
mkdirSync(dataDir, { recursive: true });

// Migrations, the known accounts and the real files through the modules.
const env = parseEnv({ NODE_ENV: "development", LOG_LEVEL: "warn", DATABASE_URL: url, DATA_DIR: dataDir, ...SCALE_KEYS });
let step = performance.now();
await startRuntime(env);
const storage = await startFileStorage(env, db);
const client = await seedAccount("user", { email: KNOWN_EMAILS.user, password: SCALE_PASSWORD, firstName: "Claire", lastName: "Client" });
const lawyer = await seedEnrolledAccount("lawyer", { email: KNOWN_EMAILS.lawyer, password: SCALE_PASSWORD, firstName: "Arthur", lastName: "Avocat" });
const agreementTemplate = await currentTemplate();
const admin = await seedEnrolledAccount("admin", { email: KNOWN_EMAILS.admin, password: SCALE_PASSWORD, firstName: "Alice", lastName: "Admin" });
report(`${"migrations et comptes connus".padEnd(44)} ${((performance.now() - step) / 1000).toFixed(1).padStart(7)} s`);

const pool = new pg.Client({ connectionString: url });
await pool.connect();
await bulkSession(pool);
const known = { user: client.userId, lawyer: lawyer.userId, admin: admin.userId };
let rebuild: string[] = [];
const steps: [string, Step][] = [
  ["index retirés pendant le chargement", async (c) => (rebuild = (await dropIndexes(c, [...BULK_TABLES, ...SETTLEMENT_TABLES, ...RECENT_TABLES])).statements)],
  ...peopleSteps(sizes, known),
  ...caseSteps(sizes),
  ...chatSteps(sizes),
  ...chatSummarySteps,
  ...paymentSteps(sizes),
  ...settlementSteps(agreementTemplate.id),
  ...recentSteps(sizes),
  ...identitySteps(sizes, known.admin),
  ...emailSteps(sizes),
  ...journalSteps(sizes),
  // The triggers are off during the load: the admin pages' figures (migrations 0109–0111) are counted once.
  ["platform_counts", (c) => c.query("SELECT refresh_platform_counts()")],
  ["daily_counts", (c) => c.query("SELECT refresh_daily_counts()")],
];
await runSteps(pool, steps, report);

// The indexes, each built once (two connections: the machine has two cores).
step = performance.now();
const second = new pg.Client({ connectionString: url });
await second.connect();
await bulkSession(second);
const queue = [...rebuild].sort((a, b) => Number(a.startsWith("ALTER")) - Number(b.startsWith("ALTER"))).reverse();
const timings: [string, number][] = [];
await Promise.all(
  [pool, second].map(async (connection) => {
    for (let next = queue.shift(); next; next = queue.shift()) {
      const at = performance.now();
      await connection.query(next);
      timings.push([next.replace(/^CREATE (UNIQUE )?INDEX (\S+) ON (\S+).*$/s, "$2 ($3)").replace(/^ALTER TABLE (\S+) ADD CONSTRAINT (\S+).*$/s, "$2 ($1)"), performance.now() - at]);
    }
  }),
);
await second.end();
for (const [name, ms] of timings.sort((a, b) => b[1] - a[1]).slice(0, 8)) report(`  index ${name.padEnd(60)} ${(ms / 1000).toFixed(1).padStart(6)} s`);
report(`${`index reconstruits (${rebuild.length})`.padEnd(44)} ${((performance.now() - step) / 1000).toFixed(1).padStart(7)} s`);

// A few hundred real files: identity documents waiting for review (reviewed ones lose their file to the retention job),
// encrypted through the gateway.
step = performance.now();
const photo = await sharp({ create: { width: 1200, height: 800, channels: 3, background: { r: 210, g: 220, b: 230 } } })
  .composite([{ input: Buffer.from(`<svg width="1200" height="800"><text x="80" y="400" font-size="64">CARTE NATIONALE D'IDENTITÉ</text></svg>`) }])
  .jpeg({ quality: 80 })
  .toBuffer();
const documents = await pool.query<{ id: string; user_id: string; file_name: string }>(
  `SELECT d.id, d.user_id, d.file_name FROM identity_verification_documents d JOIN scale_people p ON p.id = d.user_id AND p.role = 'user'
    ORDER BY d.status <> 'pending', p.n, d.step_number, d.document_side LIMIT ${REAL_FILES}`,
);
for (const document of documents.rows) {
  const file = await storage.put({ ownerId: document.user_id, originalName: document.file_name, mediaType: "image/jpeg", width: 1200, height: 800, body: Readable.from(photo) });
  await pool.query(`UPDATE identity_verification_documents SET stored_file_id = $1::uuid, file_path = $1::text, file_size = $2 WHERE id = $3`, [file.id, file.size_bytes, document.id]);
}
// The filing receipts' file rows take the store's key id (the real files' own): never rewrapped, never unknown.
const realKey = await pool.query<{ key_id: string }>(`SELECT key_id FROM stored_files WHERE key_id <> $1 LIMIT 1`, [RECEIPT_KEY_PLACEHOLDER]);
if (realKey.rows[0]) await pool.query(`UPDATE stored_files SET key_id = $1 WHERE key_id = $2`, [realKey.rows[0].key_id, RECEIPT_KEY_PLACEHOLDER]);
report(`${`fichiers chiffrés réels (${documents.rows.length})`.padEnd(44)} ${((performance.now() - step) / 1000).toFixed(1).padStart(7)} s`);

step = performance.now();
await pool.query("RESET session_replication_role");
await pool.query("VACUUM ANALYZE");
report(`${"VACUUM ANALYZE".padEnd(44)} ${((performance.now() - step) / 1000).toFixed(1).padStart(7)} s`);

const counts = await pool.query<{ table: string; rows: string }>(
  `SELECT relname AS table, n_live_tup::text AS rows FROM pg_stat_user_tables WHERE n_live_tup > 0 ORDER BY n_live_tup DESC`,
);
await pool.end();
await stopRuntime();

writeFileSync(
  path.join(dataDir, "credentials.json"),
  `${JSON.stringify({ url, password: SCALE_PASSWORD, client: KNOWN_EMAILS.user, lawyer: KNOWN_EMAILS.lawyer, admin: KNOWN_EMAILS.admin, lawyerKey: lawyer.manualKey, adminKey: admin.manualKey }, null, 2)}\n`,
  { mode: 0o600 },
);
console.log("\nlignes :", counts.rows.map((row) => `${row.table} ${Number(row.rows).toLocaleString("fr-FR")}`).join(", "));
console.log(`\njeu de données prêt en ${((performance.now() - started) / 60000).toFixed(1)} min (charge ${loadavg().map((v) => v.toFixed(1)).join(" ")})`);
console.log(`comptes : ${KNOWN_EMAILS.user}, ${KNOWN_EMAILS.lawyer}, ${KNOWN_EMAILS.admin} (mot de passe « ${SCALE_PASSWORD} »), clés TOTP dans ${path.join(dataDir, "credentials.json")}`);
