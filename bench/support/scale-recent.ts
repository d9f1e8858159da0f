// The tables of migrations 0105–0108 in the scale dataset (issue 33): call codes used and revealed, the lawyers'
// public contacts, document requests and their history, the filing receipts, SMS preferences and logs. Set-based,
// like scale-dataset.ts; run after the cases (scale_cases, profiles) and before the indexes are rebuilt.
import { DOCUMENT_KIND_LABELS, DOCUMENT_KINDS } from "~/modules/case-file/document-requests.schema";
import { hash, uuid, type ScaleSizes, type Step } from "./scale-dataset";

/** Tables of this file whose indexes are dropped during the load and rebuilt after it. */
export const RECENT_TABLES = [
  "call_code_uses",
  "call_code_reveals",
  "lawyer_public_contacts",
  "case_document_requests",
  "case_document_request_events",
  "case_filing_receipts",
  "stored_files",
  "sms_notice_preferences",
  "sms_logs",
];

/** The key id the receipts' file rows carry until the seed knows the store's real one (seed-scale.ts sets it). */
export const RECEIPT_KEY_PLACEHOLDER = "seed-receipt";

const PARIS_TODAY = `(now() AT TIME ZONE 'Europe/Paris')::date`;

/** A lawyer n's published contacts, as the lawyer typed them and as the public check compares them. */
export const lawyerContact = {
  email: (n: number) => `cabinet.${n}@avocats-lyon.example`,
  phone: (n: number) => {
    const digits = String(n).padStart(6, "0");
    return `04 78 ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4)}`;
  },
  website: (n: number) => `www.cabinet-${n}.example`,
};

export function recentSteps(sizes: ScaleSizes): [string, Step][] {
  const caseCount = `(SELECT count(*) FROM scale_cases)::int`;
  // About two requests per assigned case (most cases of the year are answered and accepted long since).
  const documentRequests = sizes.cases * 2;
  const smsLogs = sizes.clients * 3;
  const kinds = DOCUMENT_KINDS.filter((kind) => kind !== "other");
  return [
    [
      "call_code_uses",
      (c) =>
        // Ten calls over the last three months per client (one in three checked by the client rather than confirmed);
        // the known client has already used three codes today.
        c.query(`INSERT INTO call_code_uses (client_id, paris_day, rank, used_how, used_at)
          SELECT p.id, d.day, 0, CASE WHEN k % 3 = 0 THEN 'checked' ELSE 'confirmed' END, d.day + time '09:00' + (p.n % 540) * interval '1 minute'
          FROM generate_series(0, 9) AS k
          JOIN scale_people p ON p.role = 'user'
          CROSS JOIN LATERAL (SELECT ${PARIS_TODAY} - (1 + k * 9 + p.n % 7) AS day) AS d
          UNION ALL
          SELECT p.id, ${PARIS_TODAY}, r, 'confirmed', now() - (4 - r) * interval '1 hour'
          FROM scale_people p, generate_series(0, 2) AS r WHERE p.role = 'user' AND p.n = 1`),
    ],
    [
      "call_code_reveals",
      (c) =>
        // Each code used was revealed by the client's lawyer a few minutes before the call; the known client's code of
        // the moment (rank 3 today) too.
        c.query(`INSERT INTO call_code_reveals (client_id, case_id, revealed_by, paris_day, rank, revealed_at)
          SELECT u.client_id, ${uuid("case", "p.n")}, pr.assigned_lawyer_id, u.paris_day, u.rank, u.used_at - interval '5 minutes'
          FROM call_code_uses u JOIN scale_people p ON p.id = u.client_id AND p.role = 'user' JOIN profiles pr ON pr.id = u.client_id
          UNION ALL
          SELECT p.id, ${uuid("case", "p.n")}, pr.assigned_lawyer_id, ${PARIS_TODAY}, 3, now() - interval '10 minutes'
          FROM scale_people p JOIN profiles pr ON pr.id = p.id WHERE p.role = 'user' AND p.n = 1`),
    ],
    [
      "lawyer_public_contacts",
      (c) =>
        // Four lawyers in five publish an address and a phone, one in three a site too (the keys as contactKey makes them).
        c.query(`INSERT INTO lawyer_public_contacts (lawyer_id, email, phone, website, email_key, phone_key, website_key, updated_at)
          SELECT p.id, 'cabinet.' || p.n || '@avocats-lyon.example',
            '04 78 ' || substr(d, 1, 2) || ' ' || substr(d, 3, 2) || ' ' || substr(d, 5, 2),
            CASE WHEN p.n % 3 = 0 THEN 'www.cabinet-' || p.n || '.example' ELSE '' END,
            'cabinet.' || p.n || '@avocats-lyon.example', '0478' || d,
            CASE WHEN p.n % 3 = 0 THEN 'cabinet-' || p.n || '.example' END, p.created_at + interval '2 days'
          FROM scale_people p CROSS JOIN LATERAL (SELECT lpad(p.n::text, 6, '0') AS d) AS digits
          WHERE p.role = 'lawyer' AND p.n % 5 <> 0`),
    ],
    [
      "case_document_requests",
      (c) =>
        // Requests on the assigned cases, from the lawyer, five days after the case and a few days apart; due two weeks
        // later (one in four without a date). Older than 45 days they have been answered (mostly accepted); recent
        // ones are waiting for four in ten, so some are past due.
        c.query(`INSERT INTO case_document_requests (id, case_id, kind, label, note, due_on, status, unavailable_reason, requested_by,
            requested_at, status_changed_by, status_changed_at, reminder_sent_at)
          SELECT ${uuid("docreq", "j")}, c.id, k.kind, k.label,
            CASE WHEN j % 3 = 0 THEN 'Les trois derniers mois, s''il vous plaît.' ELSE '' END,
            CASE WHEN j % 4 <> 0 THEN (t.at + interval '14 days')::date END,
            s.status, CASE WHEN s.status = 'unavailable' THEN 'Je n''ai plus accès à ce compte en ligne.' END,
            c.assigned_lawyer_id, t.at,
            CASE WHEN s.status IN ('provided', 'unavailable') THEN c.user_id ELSE c.assigned_lawyer_id END,
            least(now(), t.at + CASE s.status WHEN 'requested' THEN interval '0' WHEN 'provided' THEN interval '3 days'
                                             WHEN 'unavailable' THEN interval '4 days' ELSE interval '6 days' END),
            CASE WHEN s.status = 'requested' AND j % 4 <> 0 AND t.at < now() - interval '12 days' THEN t.at + interval '12 days' END
          FROM generate_series(1, ${documentRequests}) AS j
          JOIN scale_cases c ON c.n = 1 + (j - 1) % ${caseCount}
          CROSS JOIN LATERAL (SELECT least(now() - interval '1 hour', c.created_at + interval '5 days' + ((j - 1) / ${caseCount}) * interval '4 days') AS at) AS t
          CROSS JOIN LATERAL (SELECT (ARRAY['${kinds.join("','")}'])[1 + ${hash("j", 81)} % ${kinds.length}] AS kind) AS kk
          CROSS JOIN LATERAL (SELECT kk.kind, (jsonb_build_object(${kinds.map((kind) => `'${kind}', '${DOCUMENT_KIND_LABELS[kind].replace(/'/g, "''")}'`).join(", ")}) ->> kk.kind) AS label) AS k
          CROSS JOIN LATERAL (SELECT CASE WHEN t.at > now() - interval '45 days'
              THEN (ARRAY['requested','requested','requested','requested','provided','provided','unavailable','accepted','accepted','accepted'])[1 + ${hash("j", 82)} % 10]
              ELSE (ARRAY['accepted','accepted','accepted','accepted','accepted','accepted','accepted','accepted','unavailable','provided'])[1 + ${hash("j", 82)} % 10] END AS status) AS s
          WHERE c.assigned_lawyer_id IS NOT NULL`),
    ],
    [
      "case_document_request_events",
      (c) =>
        // The history the trigger writes: requested, then sent by the client, then the lawyer's or the client's answer.
        c.query(`INSERT INTO case_document_request_events (request_id, to_status, changed_by, reason, at)
          SELECT request_id, to_status, changed_by, reason, at FROM (
            SELECT r.id AS request_id, 'requested' AS to_status, r.requested_by AS changed_by, NULL AS reason, r.requested_at AS at FROM case_document_requests r
            UNION ALL
            SELECT r.id, 'provided', c.user_id, NULL, least(now(), r.requested_at + interval '3 days')
              FROM case_document_requests r JOIN cases c ON c.id = r.case_id WHERE r.status IN ('provided', 'accepted')
            UNION ALL
            SELECT r.id, r.status, r.status_changed_by, r.unavailable_reason, r.status_changed_at
              FROM case_document_requests r WHERE r.status IN ('unavailable', 'accepted')
          ) AS e ORDER BY at`),
    ],
    [
      "stored_files, case_filing_receipts",
      async (c) => {
        // Every submitted case has its filing receipt (a PDF of two pages, generated at submission); the files are rows
        // only (no object in the store), under the store's key id once the seed knows it.
        await c.query(`INSERT INTO stored_files (id, owner_id, object_name, original_name, media_type, size_bytes, key_id, wrapped_key,
            nonce_prefix, segment_bytes, status, page_count, created_at, updated_at)
          SELECT ${uuid("receipt", "c.n")}, c.user_id, md5('receipt-object' || c.n), 'accuse-de-depot.pdf', 'application/pdf',
            38000 + ${hash("c.n", 91)} % 20000, '${RECEIPT_KEY_PLACEHOLDER}', decode(repeat('00', 60), 'hex'), decode(repeat('00', 7), 'hex'),
            65536, 'ready', 2, c.created_at + interval '1 hour', c.created_at + interval '1 hour'
          FROM scale_cases c`);
        return c.query(`INSERT INTO case_filing_receipts (case_id, file_id, sha256, generated_at)
          SELECT c.id, ${uuid("receipt", "c.n")}, md5('receipt' || c.n) || md5('sha' || c.n), c.created_at + interval '1 hour' FROM scale_cases c`);
      },
    ],
    [
      "sms_notice_preferences",
      (c) =>
        // One client in three asked for SMS notices; one in ten of them stopped a month later.
        c.query(`INSERT INTO sms_notice_preferences (user_id, opted_in_at, opted_out_at)
          SELECT id, created_at, CASE WHEN n % 10 = 0 AND created_at < now() - interval '30 days' THEN created_at + interval '30 days' END
          FROM scale_people WHERE role = 'user' AND n % 3 = 0`),
    ],
    [
      "sms_logs",
      (c) =>
        // Three SMS per client on average over the year, to those who asked; one in forty failed after three attempts.
        c.query(`INSERT INTO sms_logs (user_id, template_key, recipient_masked, status, error, attempts, sent_at, created_at, updated_at)
          SELECT p.id, (ARRAY['dossier-assigne','nouveau-message','dossier-statut','echeance-banque','convention-proposee','identite-verifiee'])[1 + i % 6],
            '+33' || repeat('•', 7) || lpad((p.n % 100)::text, 2, '0'),
            CASE WHEN i % 40 = 0 THEN 'failed' ELSE 'sent' END, CASE WHEN i % 40 = 0 THEN 'numéro injoignable (réponse 21614 du prestataire)' END,
            CASE WHEN i % 40 = 0 THEN 3 ELSE 1 END, CASE WHEN i % 40 <> 0 THEN at END, at, at
          FROM generate_series(1, ${smsLogs}) AS i
          JOIN scale_people p ON p.role = 'user' AND p.n = 3 * (1 + ${hash("i", 92)} % ${Math.max(1, Math.floor(sizes.clients / 3))})
          CROSS JOIN LATERAL (SELECT now() - interval '365 days' + (i::float / ${smsLogs}) * interval '365 days' AS at) AS t`),
    ],
  ];
}
