// The realistic dataset of issue 14 (tracker 17), seeded set-based (INSERT … SELECT generate_series) on one dedicated
// connection: `npm run seed:scale` fills a whole database with it and `npm run bench:scale` measures on it.
// Each function seeds one table (or a family), reproducibly: ids and values come from the row number (md5 / hashint4),
// never from random(). Sizes scale with `ScaleSizes`; the mapping table `scale_people` (n, role, id, email) lets the
// few accounts made through the modules (known passwords, enrolled second factor) stand in for person n = 1 of their
// role, so they own cases, chats and documents like everyone else.
import type pg from "pg";

export interface ScaleSizes {
  clients: number;
  lawyers: number;
  admins: number;
  cases: number;
  identityDocuments: number;
  messages: number;
  payments: number;
  identifiers: number;
  emails: number;
  journal: number;
}

export const FULL_SCALE: ScaleSizes = {
  clients: 100_000,
  lawyers: 2_000,
  admins: 20,
  cases: 1_000_000,
  identityDocuments: 400_000,
  messages: 5_000_000,
  payments: 1_000_000,
  identifiers: 1_200_000,
  emails: 1_000_000,
  journal: 1_000_000,
};

export function scaledSizes(scale: number): ScaleSizes {
  const sizes = { ...FULL_SCALE };
  for (const key of Object.keys(sizes) as (keyof ScaleSizes)[]) sizes[key] = Math.max(key === "admins" ? 2 : 10, Math.round(sizes[key] * scale));
  return sizes;
}

/** The keys the seed seals and signs with, and the bench's server reads: a benchmark dataset, never production. */
export const SCALE_KEYS = {
  AUTH_SECRET: "recours-scale-bench-auth-secret-0123456789abcdef",
  TWO_FACTOR_ENCRYPTION_KEY: "recours-scale-bench-two-factor-key-0123456789",
  STORAGE_MASTER_KEY: Buffer.alloc(32, 0x3c).toString("base64"),
};

export const SCALE_DEFAULT_URL = "postgres://postgres@127.0.0.1:5432/recours_scale";
/** Where the seed writes the real encrypted files (filesystem driver) and the known accounts' credentials. */
export const SCALE_DEFAULT_DATA_DIR = "/tmp/recours-scale-data";
export const SCALE_PASSWORD = "cheval agrafe nuage tribord 47";
export const KNOWN_EMAILS = { user: "client@scale.example", lawyer: "avocat@scale.example", admin: "admin@scale.example" } as const;

export interface KnownPeople {
  user: string;
  lawyer: string;
  admin: string;
}

/** A deterministic uuid from a label and a row number. */
export const uuid = (label: string, n: string) => `md5('${label}' || ${n})::uuid`;
/** A deterministic non-negative integer from a row number and a salt. */
export const hash = (n: string, salt: number) => `(hashint4((${n})::int # ${salt}) & 2147483647)`;

export type Step = (client: pg.Client) => Promise<unknown>;

/** Runs the steps, each timed, and returns one line per table for the report. */
export async function runSteps(client: pg.Client, steps: [string, Step][], report: (line: string) => void): Promise<void> {
  for (const [name, step] of steps) {
    const start = performance.now();
    await step(client);
    report(`${name.padEnd(44)} ${((performance.now() - start) / 1000).toFixed(1).padStart(7)} s`);
  }
}

/** The session settings of a bulk load: no triggers, no foreign-key checks (rebuilt or valid by construction). */
export async function bulkSession(client: pg.Client): Promise<void> {
  await client.query(`SET session_replication_role = replica; SET synchronous_commit = off;
    SET maintenance_work_mem = '512MB'; SET work_mem = '256MB'; SET max_parallel_maintenance_workers = 1;`);
}

export interface DroppedIndexes {
  statements: string[];
}

/**
 * Drops the secondary indexes and the unreferenced primary / unique keys of `tables` (a bulk load then builds each
 * once instead of maintaining it row by row) and returns the statements that recreate them.
 */
export async function dropIndexes(client: pg.Client, tables: string[]): Promise<DroppedIndexes> {
  const constraints = await client.query<{ table: string; name: string; definition: string }>(
    `SELECT c.conrelid::regclass::text AS table, quote_ident(c.conname) AS name, pg_get_constraintdef(c.oid) AS definition
       FROM pg_constraint c
      WHERE c.contype IN ('p', 'u') AND c.conrelid = ANY ($1::regclass[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint f WHERE f.contype = 'f' AND f.conindid = c.conindid)`,
    [tables],
  );
  const indexes = await client.query<{ name: string; definition: string }>(
    `SELECT i.indexrelid::regclass::text AS name, pg_get_indexdef(i.indexrelid) AS definition
       FROM pg_index i
      WHERE i.indrelid = ANY ($1::regclass[])
        AND NOT EXISTS (SELECT 1 FROM pg_constraint c WHERE c.conindid = i.indexrelid)`,
    [tables],
  );
  const statements: string[] = [];
  for (const constraint of constraints.rows) {
    await client.query(`ALTER TABLE ${constraint.table} DROP CONSTRAINT ${constraint.name}`);
    statements.push(`ALTER TABLE ${constraint.table} ADD CONSTRAINT ${constraint.name} ${constraint.definition}`);
  }
  for (const index of indexes.rows) {
    await client.query(`DROP INDEX ${index.name}`);
    statements.push(index.definition);
  }
  return { statements };
}

/**
 * The people: `scale_people` maps (role, n) to an id; the known accounts (made through the modules) take n = 1.
 * Everyone else gets a "user", "profiles" and "account" row (the known client's password hash: every account signs in
 * with SCALE_PASSWORD), staff an enrolled second factor (the known lawyer's secret).
 */
export function peopleSteps(sizes: ScaleSizes, known: KnownPeople): [string, Step][] {
  const year = `interval '365 days'`;
  return [
    [
      "scale_people (correspondance)",
      async (c) => {
        await c.query(`DROP TABLE IF EXISTS scale_people;
           CREATE TABLE scale_people (role text NOT NULL, n int NOT NULL, id text NOT NULL, email text NOT NULL, created_at timestamptz NOT NULL, PRIMARY KEY (role, n))`);
        await c.query(
          `INSERT INTO scale_people
           SELECT r.role, n,
             CASE WHEN n = 1 THEN r.known ELSE r.prefix || lpad(n::text, 6, '0') END,
             CASE WHEN n = 1 THEN r.email ELSE r.prefix || n || '@scale.example' END,
             now() - ${year} + ((n::float / r.size) * ${year})
           FROM (VALUES ('user', 'client', $1::text, $4::text, ${sizes.clients}),
                        ('lawyer', 'avocat', $2::text, $5::text, ${sizes.lawyers}),
                        ('admin', 'admin', $3::text, $6::text, ${sizes.admins})) AS r(role, prefix, known, email, size)
           CROSS JOIN LATERAL generate_series(1, r.size) AS n`,
          [known.user, known.lawyer, known.admin, KNOWN_EMAILS.user, KNOWN_EMAILS.lawyer, KNOWN_EMAILS.admin],
        );
        await c.query("CREATE UNIQUE INDEX ON scale_people (id); ANALYZE scale_people");
      },
    ],
    [
      "user",
      (c) =>
        c.query(`INSERT INTO "user" (id, name, email, "emailVerified", image, "createdAt", "updatedAt", "twoFactorEnabled")
          SELECT id, 'Personne ' || n, email, true, NULL, created_at, created_at, role <> 'user'
          FROM scale_people WHERE n > 1`),
    ],
    [
      "account",
      (c) =>
        c.query(`INSERT INTO account (id, "accountId", "providerId", "userId", password, "createdAt", "updatedAt")
          SELECT 'acc-' || p.id, p.id, 'credential', p.id, k.password, p.created_at, p.created_at
          FROM scale_people p, (SELECT password FROM account WHERE "userId" = '${known.user}' AND "providerId" = 'credential') k
          WHERE p.n > 1`),
    ],
    [
      "twoFactor",
      (c) =>
        c.query(`INSERT INTO "twoFactor" (id, secret, "backupCodes", "userId", verified)
          SELECT 'tf-' || p.id, k.secret, k."backupCodes", p.id, true
          FROM scale_people p, (SELECT secret, "backupCodes" FROM "twoFactor" WHERE "userId" = '${known.lawyer}') k
          WHERE p.n > 1 AND p.role <> 'user'`),
    ],
    [
      "profiles",
      (c) =>
        c.query(`INSERT INTO profiles (id, email, first_name, last_name, role, phone_mobile, address, city, postal_code, department,
            country, profile_completed, identity_verified, assigned_lawyer_id, lawyer_level, bar_name, bar_number,
            privacy_policy_accepted_at, terms_accepted_at, created_at, updated_at)
          SELECT p.id, p.email,
            (ARRAY['Marie','Jean','Nathalie','Pierre','Isabelle','Michel','Sylvie','Alain','Catherine','Philippe','Françoise','Éric'])[1 + ${hash("p.n", 11)} % 12],
            (ARRAY['Martin','Bernard','Dubois','Thomas','Robert','Richard','Petit','Durand','Leroy','Moreau','Simon','Laurent','Lefèvre','Michel','Garcia'])[1 + ${hash("p.n", 12)} % 15] || '-' || p.n,
            p.role,
            '+336' || lpad((${hash("p.n", 13)} % 100000000)::text, 8, '0'),
            (1 + p.n % 120) || ' rue de la République', (ARRAY['Lyon','Paris','Marseille','Toulouse','Nantes','Lille','Rennes','Bordeaux'])[1 + p.n % 8],
            lpad((1000 + p.n % 94000)::text, 5, '0'), 'Rhône', 'france',
            p.role <> 'user' OR p.n % 20 <> 0,
            p.role = 'user' AND p.n % 10 < 6,
            CASE WHEN p.role = 'user' THEN (SELECT l.id FROM scale_people l WHERE l.role = 'lawyer' AND l.n = 1 + (p.n - 1) % ${sizes.lawyers}) END,
            CASE WHEN p.role = 'lawyer' THEN (ARRAY['basic','intermediate','advanced'])[1 + p.n % 3] END,
            CASE WHEN p.role = 'lawyer' THEN 'Barreau de Lyon' END,
            CASE WHEN p.role = 'lawyer' THEN 'L' || p.n END,
            p.created_at, p.created_at, p.created_at, p.created_at
          FROM scale_people p WHERE p.n > 1`),
    ],
    [
      "profiles (personnes connues)",
      (c) =>
        c.query(`UPDATE profiles pr SET assigned_lawyer_id = '${known.lawyer}', identity_verified = true, profile_completed = true,
            created_at = p.created_at FROM scale_people p WHERE pr.id = p.id AND p.n = 1 AND p.role = 'user';
          UPDATE profiles pr SET created_at = p.created_at FROM scale_people p WHERE pr.id = p.id AND p.n = 1 AND p.role <> 'user'`),
    ],
    [
      "identity_verification_status",
      (c) =>
        c.query(`INSERT INTO identity_verification_status (id, user_id, current_step, step1_completed, step2_completed, step3_completed,
            step4_completed, step5_completed, overall_status, completed_at, created_at, updated_at)
          SELECT ${uuid("ivs", "p.n")}, p.id, CASE WHEN p.n % 10 < 8 THEN 5 ELSE 2 + p.n % 3 END,
            true, p.n % 10 < 8, p.n % 10 < 8, p.n % 10 < 8, p.n % 10 < 6,
            CASE WHEN p.n % 10 < 6 THEN 'approved' WHEN p.n % 10 < 8 THEN 'completed' ELSE 'in_progress' END,
            CASE WHEN p.n % 10 < 8 THEN p.created_at + interval '2 days' END, p.created_at, p.created_at
          FROM scale_people p WHERE p.role = 'user' AND p.n > 1`),
    ],
    [
      "account_inactivity",
      (c) =>
        c.query(`INSERT INTO account_inactivity (user_id, last_active_at)
          SELECT id, now() - ((${hash("n", 14)} % 200) * interval '1 day') FROM scale_people p WHERE NOT EXISTS (SELECT 1 FROM account_inactivity a WHERE a.user_id = p.id)`),
    ],
    [
      "lawyer_allocation",
      (c) =>
        c.query(`INSERT INTO lawyer_allocation (lawyer_id, allocation_percentage, active)
          SELECT id, CASE WHEN n <= 20 THEN 5 ELSE 0 END, true FROM scale_people WHERE role = 'lawyer'
          ON CONFLICT (lawyer_id) DO UPDATE SET allocation_percentage = excluded.allocation_percentage, active = true`),
    ],
  ];
}

/** Case statuses by share (percent): the pipeline a year of activity leaves. */
const STATUS_SHARES: [string, number][] = [
  ["draft", 8],
  ["submitted", 2],
  ["under_review", 1],
  ["assigned", 20],
  ["in_progress", 35],
  ["resolved", 15],
  ["completed", 9],
  ["closed", 10],
];

function statusCase(bucket: string): string {
  let upper = 0;
  const arms = STATUS_SHARES.map(([status, share]) => {
    upper += share;
    return `WHEN ${bucket} < ${upper} THEN '${status}'`;
  });
  return `CASE ${arms.join(" ")} END`;
}

/**
 * Cases: client n owns cases n, n + clients, … (ten each at full scale) spread over the past year; a non-draft case
 * beyond "under_review" is assigned to the client's lawyer. Case numbers continue the sequence (RC-YYYY-0000001…).
 */
export function caseSteps(sizes: ScaleSizes): [string, Step][] {
  const types = ["romance_scam", "investment_scam", "fake_website", "phishing", "cryptocurrency_scam", "fake_job_offer", "technical_support_scam", "lottery_scam", "other"];
  return [
    [
      "cases",
      (c) =>
        c.query(`INSERT INTO cases (id, case_number, user_id, assigned_lawyer_id, assigned_at, status, scam_type, contact_method,
            first_contact_date, total_amount_lost, payment_methods, contacted_bank, filed_complaint, detailed_description,
            evidence_types, submitted_at, created_at, updated_at, opened_at)
          SELECT ${uuid("case", "i")}, 'RC-' || to_char(t, 'YYYY') || '-' || lpad(i::text, 7, '0'), u.id,
            CASE WHEN assigned THEN u.lawyer END, CASE WHEN assigned THEN t + interval '2 hours' END,
            s.status, (ARRAY['${types.join("','")}'])[1 + ${hash("i", 21)} % 9], 'Téléphone',
            (t - interval '30 days')::date, (${hash("i", 22)} % 5000000) / 100.0 + 50, ARRAY['bank_transfer'],
            i % 3 = 0, i % 4 = 0,
            'On m''a proposé un placement à rendement garanti ; après un premier virement, on m''a demandé des frais pour débloquer mes gains (dossier ' || i || ').',
            ARRAY['payment_receipts'], CASE WHEN s.status <> 'draft' THEN t + interval '1 hour' END, t, t,
            CASE WHEN assigned AND i % 5 <> 0 THEN t + interval '1 day' END
          FROM generate_series(1, ${sizes.cases}) AS i
          JOIN (SELECT p.n, p.id, pr.assigned_lawyer_id AS lawyer FROM scale_people p JOIN profiles pr ON pr.id = p.id WHERE p.role = 'user') u
            ON u.n = 1 + (i - 1) % ${sizes.clients}
          CROSS JOIN LATERAL (SELECT now() - interval '365 days' + (i::float / ${sizes.cases}) * interval '364 days' AS t) AS at
          CROSS JOIN LATERAL (SELECT ${statusCase(`${hash("i", 23)} % 100`)} AS status) AS s
          CROSS JOIN LATERAL (SELECT s.status NOT IN ('draft', 'submitted', 'under_review') AS assigned) AS a;
          SELECT setval('case_number_seq', ${sizes.cases} + 1)`),
    ],
    [
      "scale_cases (numérotation)",
      (c) =>
        c.query(`DROP TABLE IF EXISTS scale_cases;
          CREATE TABLE scale_cases AS
            SELECT row_number() OVER (ORDER BY created_at, id)::int AS n, id, user_id, assigned_lawyer_id, status, created_at
            FROM cases WHERE status <> 'draft';
          CREATE UNIQUE INDEX ON scale_cases (n); ANALYZE scale_cases`),
    ],
    [
      "case_status_history",
      (c) =>
        c.query(`INSERT INTO case_status_history (case_id, from_status, to_status, lawyer_id, system_reason, created_at)
          SELECT c.id, NULL, 'draft', NULL, NULL, c.created_at FROM cases c
          UNION ALL
          SELECT c.id, 'draft', 'submitted', NULL, NULL, c.submitted_at FROM cases c WHERE c.status <> 'draft'
          UNION ALL
          SELECT c.id, 'submitted', 'assigned', c.assigned_lawyer_id, 'auto-assignment', c.assigned_at FROM cases c WHERE c.assigned_at IS NOT NULL
          UNION ALL
          SELECT c.id, 'assigned', c.status, NULL, NULL, c.assigned_at + interval '3 days' FROM cases c
           WHERE c.status IN ('in_progress', 'resolved', 'completed', 'closed')`),
    ],
  ];
}

/**
 * Chat: `messages` spread over the non-draft cases (the client and the lawyer in turn, an admin now and then); the
 * known client's first case holds a long thread. The last message of one case in four waits to be read. Summaries
 * are rebuilt in one statement, as migration 0056 does.
 */
export function chatSteps(sizes: ScaleSizes): [string, Step][] {
  return [
    [
      "case_chat_messages",
      async (c) => {
        const cases = Number((await c.query<{ n: string }>("SELECT count(*) AS n FROM scale_cases")).rows[0]!.n);
        const perCase = Math.floor(sizes.messages / cases);
        return c.query(`INSERT INTO case_chat_messages (id, case_id, sender_id, message, read_status, read_at, created_at, updated_at, seq, read_seq)
          SELECT ${uuid("msg", "j")}, c.id,
            CASE WHEN k % 2 = 0 OR c.assigned_lawyer_id IS NULL THEN c.user_id ELSE c.assigned_lawyer_id END,
            (ARRAY['Bonjour Maître, je vous envoie les relevés demandés.', 'Merci, j''ai bien reçu vos pièces ; je prépare le courrier à la banque.',
                   'La banque m''a répondu qu''elle étudiait ma demande de remboursement.', 'Pouvez-vous me dire où en est la plainte ?',
                   'Nous avons adressé une mise en demeure au prestataire de paiement.'])[1 + ${hash("j", 31)} % 5] || ' (' || j || ')',
            NOT unread, CASE WHEN NOT unread THEN at + interval '1 hour' END, at, at, j, CASE WHEN NOT unread THEN j END
          FROM generate_series(1, ${sizes.messages}) AS j
          CROSS JOIN LATERAL (SELECT (j - 1) / ${cases} AS k, 1 + (j - 1) % ${cases} AS n) AS pos
          JOIN scale_cases c ON c.n = pos.n
          CROSS JOIN LATERAL (SELECT least(now() - interval '1 minute', c.created_at + interval '3 hours' + pos.k * interval '19 hours') AS at,
            pos.k >= ${perCase - 1} AND c.n % 4 = 0 AS unread) AS m`);
      },
    ],
    [
      "case_chat_messages (long fil du client connu)",
      (c) =>
        c.query(`INSERT INTO case_chat_messages (id, case_id, sender_id, message, read_status, read_at, created_at, updated_at, seq, read_seq)
          SELECT ${uuid("long", "g")}, c.id, CASE WHEN g % 2 = 0 THEN c.user_id ELSE c.assigned_lawyer_id END,
            'Échange numéro ' || g || ' sur le dossier.', true, c.created_at + interval '1 day', c.created_at - interval '2 days' + g * interval '1 minute',
            c.created_at, ${sizes.messages} + g, ${sizes.messages} + g
          FROM (SELECT sc.* FROM scale_cases sc JOIN scale_people p ON p.id = sc.user_id AND p.role = 'user' AND p.n = 1
                WHERE sc.assigned_lawyer_id IS NOT NULL ORDER BY sc.n LIMIT 1) c, generate_series(1, ${Math.min(2000, sizes.messages)}) AS g;
          SELECT setval('case_chat_event_seq', ${sizes.messages} + 10000)`),
    ],
  ];
}

export const chatSummarySteps: [string, Step][] = [
  // The triggers are off during the load: the per-lawyer counts (migration 0080) are made once, set-based.
  ["lawyer_case_counts, lawyer_assignment_days", (c) => c.query("SELECT recount_lawyer_cases()")],
  [
    "case_chat_summaries",
    (c) =>
      c.query(`INSERT INTO case_chat_summaries (case_id, lawyer_id, last_message_id, last_message_at, last_sender_id, last_excerpt, last_file_name)
        SELECT c.id, c.assigned_lawyer_id, m.id, m.created_at, m.sender_id, chat_excerpt(m.message), m.file_name
        FROM cases c LEFT JOIN (
          SELECT DISTINCT ON (case_id) case_id, id, created_at, sender_id, message, file_name FROM case_chat_messages ORDER BY case_id, created_at DESC, id DESC
        ) m ON m.case_id = c.id`),
  ],
];

/**
 * Payments and the identifiers they and the lawyers recorded: payment i belongs to non-draft case 1 + (i - 1) % cases;
 * IBAN and wallet beneficiaries come from pools shared by a few cases (the linked-case lookup finds them), a few
 * "hub" IBANs by hundreds. Typed identifiers (phone, e-mail, website) likewise.
 */
export function paymentSteps(sizes: ScaleSizes): [string, Step][] {
  const pool = Math.max(1, Math.floor(sizes.payments / 3));
  const typedPool = Math.max(1, Math.floor(sizes.identifiers / 3));
  const caseCount = `(SELECT count(*) FROM scale_cases)::int`;
  return [
    [
      "case_payments",
      (c) =>
        c.query(`INSERT INTO case_payments (id, case_id, paid_on, amount, currency, method, beneficiary_kind, beneficiary, wallet_network,
            payer_bank, created_by, created_at, updated_at)
          SELECT ${uuid("pay", "i")}, c.id, (c.created_at - interval '20 days' + (i % 15) * interval '1 day')::date,
            (${hash("i", 41)} % 2000000) / 100.0 + 10, 'EUR',
            CASE kind WHEN 'iban' THEN 'bank_transfer' WHEN 'wallet' THEN 'cryptocurrency' ELSE 'credit_card' END,
            kind,
            CASE kind WHEN 'iban' THEN 'FR76' || lpad((CASE WHEN i % 997 = 0 THEN i % 20 ELSE ${hash("i", 42)} % ${pool} END)::text, 23, '0')
                      WHEN 'wallet' THEN '0x' || md5('wallet' || ${hash("i", 43)} % ${pool})
                      ELSE 'Boutique en ligne ' || (i % 500) END,
            CASE WHEN kind = 'wallet' THEN 'eth' END, 'Banque Populaire', c.user_id, c.created_at, c.created_at
          FROM generate_series(1, ${sizes.payments}) AS i
          JOIN scale_cases c ON c.n = 1 + (i - 1) % ${caseCount}
          CROSS JOIN LATERAL (SELECT CASE WHEN i % 10 < 6 THEN 'iban' WHEN i % 10 < 8 THEN 'wallet' ELSE 'card_merchant' END AS kind) AS k`),
    ],
    [
      "case_identifiers (des paiements)",
      (c) =>
        c.query(`INSERT INTO case_identifiers (id, case_id, kind, value, normalized, payment_id, created_by, created_at)
          SELECT md5('pid' || p.id::text)::uuid, p.case_id, p.beneficiary_kind, p.beneficiary,
            CASE WHEN p.wallet_network = 'eth' THEN lower(p.beneficiary) ELSE p.beneficiary END, p.id, p.created_by, p.created_at
          FROM case_payments p WHERE p.beneficiary_kind IN ('iban', 'wallet')`),
    ],
    [
      "case_identifiers (saisis)",
      (c) =>
        c.query(`INSERT INTO case_identifiers (id, case_id, kind, value, normalized, created_by, created_at)
          SELECT DISTINCT ON (c.id, kind, v) ${uuid("ident", "i")}, c.id, kind, v, v, c.assigned_lawyer_id, c.created_at + interval '1 day'
          FROM generate_series(1, ${sizes.identifiers}) AS i
          JOIN scale_cases c ON c.n = 1 + (i - 1) % ${caseCount}
          CROSS JOIN LATERAL (SELECT (ARRAY['phone', 'email', 'website', 'name', 'social'])[1 + i % 5] AS kind) AS k
          CROSS JOIN LATERAL (SELECT CASE kind
              WHEN 'phone' THEN '+337' || lpad((${hash("i", 44)} % ${typedPool})::text, 8, '0')
              WHEN 'email' THEN 'conseiller' || (${hash("i", 45)} % ${typedPool}) || '@invest-premium.example'
              WHEN 'website' THEN 'placement-' || (${hash("i", 46)} % ${typedPool}) || '.example'
              WHEN 'name' THEN 'Conseiller ' || (${hash("i", 47)} % ${typedPool})
              ELSE '@conseiller' || (${hash("i", 48)} % ${typedPool}) END AS v) AS val`),
    ],
  ];
}

/**
 * Identity documents: four per client (identity card recto and verso, a second document, a proof of address) while
 * they last; approved for verified clients, pending for those waiting for review, rejected now and then.
 */
export function identitySteps(sizes: ScaleSizes, reviewerId: string): [string, Step][] {
  return [
    [
      "identity_verification_documents",
      (c) =>
        c.query(`INSERT INTO identity_verification_documents (id, user_id, step_number, document_type, document_side, file_name, file_path,
            file_size, mime_type, status, rejection_reason, reviewed_at, reviewed_by, uploaded_at, created_at, updated_at, proof_type)
          SELECT ${uuid("doc", "d")}, p.id, s.step, s.type, s.side, s.type || '-' || s.side || '-' || p.n || '.jpg', 'seed-' || d,
            200000 + ${hash("d", 51)} % 3000000, 'image/jpeg', st.status,
            CASE WHEN st.status = 'rejected' THEN 'Document illisible : merci d''envoyer une photo nette.' END,
            CASE WHEN st.status <> 'pending' THEN up + interval '1 day' END, CASE WHEN st.status <> 'pending' THEN '${reviewerId}' END,
            up, up, up, CASE WHEN s.step = 4 THEN 'facture_electricite' END
          FROM generate_series(1, ${sizes.identityDocuments}) AS d
          JOIN scale_people p ON p.role = 'user' AND p.n = 1 + (d - 1) / 4
          CROSS JOIN LATERAL (SELECT (ARRAY[2, 2, 3, 4])[1 + (d - 1) % 4] AS step,
            (ARRAY['cni', 'cni', 'passeport', 'proof_of_address'])[1 + (d - 1) % 4] AS type,
            (ARRAY['recto', 'verso', 'single', 'single'])[1 + (d - 1) % 4] AS side) AS s
          CROSS JOIN LATERAL (SELECT p.created_at + interval '1 hour' + ((d - 1) % 4) * interval '1 minute' AS up) AS u
          CROSS JOIN LATERAL (SELECT CASE WHEN p.n % 10 < 6 THEN 'approved' WHEN p.n % 10 < 8 THEN 'pending'
                                          WHEN (d - 1) % 4 = 3 THEN 'rejected' ELSE 'approved' END AS status) AS st`),
    ],
    [
      "identity_document_groups",
      (c) =>
        c.query(`INSERT INTO identity_document_groups (user_id, document_type, step_number, group_day, status, pending, last_upload, anchor_id, file_names)
          SELECT user_id, document_type, step_number, group_day,
            CASE WHEN bool_or(status = 'pending') THEN 'pending' WHEN bool_or(status = 'rejected') THEN 'rejected' ELSE 'approved' END,
            bool_or(status = 'pending'), max(uploaded_at), (array_agg(id ORDER BY uploaded_at DESC, id))[1],
            string_agg(file_name, ' ' ORDER BY uploaded_at, id)
          FROM identity_verification_documents WHERE NOT obsolete
          GROUP BY user_id, document_type, step_number, group_day`),
    ],
    [
      "identity_review_audit",
      (c) =>
        c.query(`INSERT INTO identity_review_audit (reviewer_id, reviewer_email, subject_user_id, step_number, document_type, document_ids,
            outcome, reason, identity_verified, created_at)
          SELECT '${reviewerId}', '${KNOWN_EMAILS.admin}', user_id, step_number, document_type, array_agg(id), min(status),
            min(rejection_reason), false, max(reviewed_at)
          FROM identity_verification_documents WHERE status <> 'pending'
          GROUP BY user_id, step_number, document_type`),
    ],
  ];
}

/** E-mails sent over the year (one in fifty failed), to the clients. */
export function emailSteps(sizes: ScaleSizes): [string, Step][] {
  return [
    [
      "email_logs",
      (c) =>
        c.query(`INSERT INTO email_logs (id, recipient_email, subject, body, status, error, template_name, sent_at, created_at, transport)
          SELECT ${uuid("mail", "i")}, p.email,
            (ARRAY['Votre dossier a été attribué à un avocat', 'Nouveau message dans votre dossier', 'Confirmez votre adresse e-mail',
                   'Vos documents d''identité ont été vérifiés'])[1 + i % 4] || ' — n° ' || i,
            'Bonjour, un nouvel élément est disponible dans votre espace Recours. Message ' || i || '.',
            CASE WHEN i % 50 = 0 THEN 'failed' ELSE 'sent' END, CASE WHEN i % 50 = 0 THEN '550 boîte inexistante' END,
            (ARRAY['case-assigned', 'chat-unread', 'email-verification', 'identity-approved'])[1 + i % 4],
            at, at, 'smtp'
          FROM generate_series(1, ${sizes.emails}) AS i
          JOIN scale_people p ON p.role = 'user' AND p.n = 1 + ${hash("i", 61)} % ${sizes.clients}
          CROSS JOIN LATERAL (SELECT now() - interval '365 days' + (i::float / ${sizes.emails}) * interval '365 days' AS at) AS t`),
    ],
  ];
}

/** A year of the staff journal: the admins' and lawyers' actions, in time order. */
export function journalSteps(sizes: ScaleSizes): [string, Step][] {
  const actions = ["case.assigned", "document.approved", "document.rejected", "case.status-changed", "user.role-changed", "email.sent", "case.note-added", "session.ended"];
  return [
    [
      "staff_audit_log",
      (c) =>
        c.query(`INSERT INTO staff_audit_log (actor_id, actor_email, action, target_type, target_id, client_address, before, after, created_at)
          SELECT a.id, a.email, (ARRAY['${actions.join("','")}'])[1 + i % ${actions.length}],
            CASE WHEN i % 8 IN (0, 3, 6) THEN 'case' ELSE 'user' END,
            CASE WHEN i % 8 IN (0, 3, 6) THEN md5('case' || (1 + ${hash("i", 71)} % ${sizes.cases}))::uuid::text
                 ELSE (SELECT id FROM scale_people WHERE role = 'user' AND n = 1 + ${hash("i", 72)} % ${sizes.clients}) END,
            '192.0.2.' || (i % 250), NULL, jsonb_build_object('n', i),
            now() - interval '365 days' + (i::float / ${sizes.journal}) * interval '365 days'
          FROM generate_series(1, ${sizes.journal}) AS i
          JOIN scale_people a ON (a.role, a.n) = (CASE WHEN i % 3 = 0 THEN 'admin' ELSE 'lawyer' END,
            CASE WHEN i % 3 = 0 THEN 1 + i % ${sizes.admins} ELSE 1 + i % ${sizes.lawyers} END)`),
    ],
  ];
}

/** Tables whose indexes are dropped during the load and built once after it. */
export const BULK_TABLES = [
  '"user"',
  "account",
  '"twoFactor"',
  "profiles",
  "identity_verification_status",
  "account_inactivity",
  "cases",
  "case_status_history",
  "case_chat_messages",
  "case_chat_summaries",
  "case_payments",
  "case_identifiers",
  "identity_verification_documents",
  "identity_document_groups",
  "identity_review_audit",
  "email_logs",
  "staff_audit_log",
];
