// What the cases of the scale dataset end with (issue 31): the lawyers' invoicing profiles, an active fee agreement
// on the cases under way and finished, the outcome of the resolved and closed cases, their recoveries ledger (one to
// three sums, one case in five with a reversal) and, on finished cases, an invoice per case from its lawyer (one in
// twenty cancelled by a credit note), numbered per issuer and series as the counter rows say. Set-based, like
// scale-dataset.ts; run after the cases and before the indexes are rebuilt.
import { MANDATE_VERSION } from "~/modules/invoicing/invoicing.schema";
import { hash, uuid, type Step } from "./scale-dataset";

/** Tables of this file whose indexes may be dropped during the load and rebuilt after it. */
export const SETTLEMENT_TABLES = ["fee_agreements", "case_recoveries", "invoices", "invoice_counters", "lawyer_invoicing_profiles"];

const SOURCES = ["rappel-de-fonds", "chargeback", "remboursement-beneficiaire", "decision-de-justice", "autre"];

/** The outcome of a resolved or closed case n, by share: 40 % in part, 20 % in full, 20 % nothing, 10 % withdrawn, 10 % not pursued. */
const OUTCOME = (n: string) =>
  `(ARRAY['recovered_in_part','recovered_in_part','recovered_in_part','recovered_in_part','recovered_in_full','recovered_in_full',
          'nothing_recovered','nothing_recovered','withdrawn_by_client','not_pursued'])[1 + ${hash(n, 71)} % 10]`;

export function settlementSteps(templateId: string): [string, Step][] {
  return [
    [
      "lawyer_invoicing_profiles",
      (c) =>
        // Nine lawyers in ten (the known lawyer among them); one in seven under the VAT franchise.
        c.query(`INSERT INTO lawyer_invoicing_profiles (lawyer_id, firm_name, address, postal_code, city, siren, siret, vat_number,
            vat_franchise, mandate_accepted_at, mandate_version, updated_at)
          SELECT p.id, 'Cabinet ' || pr.last_name, (1 + p.n % 90) || ' cours Lafayette', '69003', 'Lyon', s.siren, s.siren || '00017',
            CASE WHEN p.n % 7 <> 0 THEN 'FR' || lpad((p.n % 97)::text, 2, '0') || s.siren END, p.n % 7 = 0,
            p.created_at + interval '1 day', '${MANDATE_VERSION}', p.created_at + interval '1 day'
          FROM scale_people p JOIN profiles pr ON pr.id = p.id
          CROSS JOIN LATERAL (SELECT lpad((100000000 + p.n)::text, 9, '0') AS siren) s
          WHERE p.role = 'lawyer' AND p.n % 10 <> 0`),
    ],
    [
      "fee_agreements (en vigueur)",
      (c) =>
        // Every finished case and one case under way in two: 500 € base fee (half at signature), 15 % of the result, 20 % VAT.
        c.query(`INSERT INTO fee_agreements (id, case_id, revision, template_id, lawyer_id, client_id, state, base_fee_cents, base_fee_due,
            result_percent_bp, vat_rate_bp, document_sha256, proposed_at, client_signed_at, lawyer_signed_at, activated_at)
          SELECT ${uuid("agr", "c.n")}, c.id, 1, '${templateId}', c.assigned_lawyer_id, c.user_id, 'active', 40000 + (c.n % 5) * 5000,
            CASE WHEN c.n % 2 = 0 THEN 'signature' ELSE 'fin-de-dossier' END, 1000 + (c.n % 3) * 500, 2000, md5('agr' || c.n) || md5('sha' || c.n),
            c.created_at + interval '4 days', c.created_at + interval '5 days', c.created_at + interval '5 days', c.created_at + interval '5 days'
          FROM scale_cases c
          WHERE c.assigned_lawyer_id IS NOT NULL AND (c.status IN ('resolved', 'completed', 'closed') OR (c.status = 'in_progress' AND c.n % 2 = 0))`),
    ],
    [
      "scale_outcomes (issues des dossiers terminés)",
      (c) =>
        c.query(`DROP TABLE IF EXISTS scale_outcomes;
          CREATE TABLE scale_outcomes AS
            SELECT c.n, c.id, c.user_id, c.assigned_lawyer_id AS lawyer_id, c.created_at, ${OUTCOME("c.n")} AS outcome,
              1 + ${hash("c.n", 72)} % 3 AS entries,
              -- Between 30 % and 95 % of the way from the case's creation to now: spread over the year, never ahead.
              c.created_at + (now() - c.created_at) * (0.3 + (${hash("c.n", 73)} % 650) / 1000.0) AS outcome_at
            FROM scale_cases c WHERE c.status IN ('resolved', 'closed') AND c.assigned_lawyer_id IS NOT NULL;
          CREATE UNIQUE INDEX ON scale_outcomes (id); ANALYZE scale_outcomes`),
    ],
    [
      "case_recoveries (sommes et contre-passations)",
      (c) =>
        c.query(`INSERT INTO case_recoveries (id, case_id, agreement_id, recovered_on, amount_cents, source, note, recorded_by, created_at)
          SELECT ${uuid("rec", "o.n * 4 + k")}, o.id, ${uuid("agr", "o.n")}, (least(o.outcome_at, o.created_at + k * 20 * interval '1 day') AT TIME ZONE 'Europe/Paris')::date,
            50000 + ${hash("o.n * 4 + k", 74)} % 900000, (ARRAY['${SOURCES.join("','")}'])[1 + (o.n + k) % 5], '', o.lawyer_id,
            least(o.outcome_at, o.created_at + k * 20 * interval '1 day' + interval '2 hours')
          FROM scale_outcomes o CROSS JOIN LATERAL generate_series(1, o.entries) AS k
          WHERE o.outcome IN ('recovered_in_part', 'recovered_in_full');
          -- One case in five with two sums or more: its first sum is reversed (entered twice by mistake).
          INSERT INTO case_recoveries (id, case_id, agreement_id, recovered_on, amount_cents, source, note, reverses_id, reason, recorded_by, created_at)
          SELECT ${uuid("rev", "o.n")}, r.case_id, r.agreement_id, r.recovered_on, -r.amount_cents, r.source, '', r.id,
            'Somme saisie deux fois.', r.recorded_by, r.created_at + interval '1 day'
          FROM scale_outcomes o JOIN case_recoveries r ON r.id = ${uuid("rec", "o.n * 4 + 1")}
          WHERE o.outcome IN ('recovered_in_part', 'recovered_in_full') AND o.entries >= 2 AND o.n % 5 = 0`),
    ],
    [
      "cases (issues)",
      (c) =>
        c.query(`UPDATE cases c SET outcome = o.outcome, outcome_at = o.outcome_at,
            outcome_reason = CASE WHEN o.outcome = 'not_pursued' THEN 'Le prestataire de paiement est en liquidation ; aucune action utile.' END,
            outcome_recovered_cents = coalesce(l.net, 0)
          FROM scale_outcomes o
          LEFT JOIN (SELECT case_id, sum(amount_cents) AS net FROM case_recoveries GROUP BY case_id) l ON l.case_id = o.id
          WHERE c.id = o.id`),
    ],
    [
      "invoices (factures et avoirs)",
      (c) =>
        // The finished cases of lawyers with a profile: base fee, and the result fee on what was recovered.
        c.query(`DROP TABLE IF EXISTS scale_invoices;
          CREATE TABLE scale_invoices AS
            SELECT c.n, c.id AS case_id, cs.case_number, c.user_id, c.assigned_lawyer_id AS issuer_id, a.id AS agreement_id,
              ip.vat_franchise, jsonb_build_object('firmName', ip.firm_name, 'lawyerName', 'Maître ' || lp.first_name || ' ' || lp.last_name,
                'address', ip.address || ', ' || ip.postal_code || ' ' || ip.city, 'siren', ip.siren, 'siret', ip.siret, 'vatNumber', ip.vat_number,
                'vatFranchise', ip.vat_franchise, 'mandateAcceptedAt', ip.mandate_accepted_at, 'mandateVersion', ip.mandate_version) AS seller,
              jsonb_build_object('name', cp.first_name || ' ' || cp.last_name, 'address', cp.address || ', ' || cp.postal_code || ' ' || cp.city) AS buyer,
              a.base_fee_cents AS base, (coalesce(cs.outcome_recovered_cents, 0) * a.result_percent_bp / 10000) AS result,
              b.base + (now() - b.base) * (0.2 + (${hash("c.n", 75)} % 700) / 1000.0) AS issued_at
            FROM scale_cases c
            JOIN cases cs ON cs.id = c.id
            JOIN fee_agreements a ON a.id = ${uuid("agr", "c.n")}
            JOIN lawyer_invoicing_profiles ip ON ip.lawyer_id = c.assigned_lawyer_id
            JOIN profiles lp ON lp.id = c.assigned_lawyer_id
            JOIN profiles cp ON cp.id = c.user_id
            CROSS JOIN LATERAL (SELECT coalesce(cs.outcome_at, c.created_at + (now() - c.created_at) / 2) AS base) b
            WHERE c.status IN ('resolved', 'completed', 'closed');
          INSERT INTO invoices (id, kind, issuer_id, sequence, number, case_id, case_number, agreement_id, buyer_id, issued_at, service_date,
              due_date, seller, buyer, lines, vat_rate_bp, total_ht_cents, vat_cents, total_ttc_cents)
          SELECT ${uuid("inv", "s.n")}, 'invoice', s.issuer_id, q.seq,
            'F-' || to_char(s.issued_at AT TIME ZONE 'Europe/Paris', 'YYYY') || '-' || lpad(q.seq::text, 6, '0'),
            s.case_id, s.case_number, s.agreement_id, s.user_id, s.issued_at, (s.issued_at AT TIME ZONE 'Europe/Paris')::date,
            (s.issued_at AT TIME ZONE 'Europe/Paris')::date + 30, s.seller, s.buyer,
            jsonb_build_array(jsonb_build_object('kind', 'base-fee', 'label', 'Honoraires de diligence (travail accompli)', 'quantity', 1,
                'unitHtCents', s.base, 'htCents', s.base))
              || CASE WHEN s.result > 0 THEN jsonb_build_array(jsonb_build_object('kind', 'result-fee', 'label', 'Honoraire complémentaire de résultat',
                'quantity', 1, 'unitHtCents', s.result, 'htCents', s.result)) ELSE '[]'::jsonb END,
            v.rate, s.base + s.result, round((s.base + s.result) * v.rate / 10000.0), s.base + s.result + round((s.base + s.result) * v.rate / 10000.0)
          FROM scale_invoices s
          CROSS JOIN LATERAL (SELECT CASE WHEN s.vat_franchise THEN 0 ELSE 2000 END AS rate) v
          JOIN (SELECT n, row_number() OVER (PARTITION BY issuer_id ORDER BY issued_at, n)::int AS seq FROM scale_invoices) q ON q.n = s.n;
          -- One invoice in twenty cancelled by a credit note, halfway between its issue and now.
          INSERT INTO invoices (id, kind, issuer_id, sequence, number, case_id, case_number, agreement_id, buyer_id, credited_invoice_id, issued_at,
              service_date, due_date, seller, buyer, lines, vat_rate_bp, total_ht_cents, vat_cents, total_ttc_cents)
          SELECT ${uuid("avr", "n")}, 'credit-note', issuer_id, seq,
            'A-' || to_char(at AT TIME ZONE 'Europe/Paris', 'YYYY') || '-' || lpad(seq::text, 6, '0'),
            case_id, case_number, agreement_id, buyer_id, id, at, service_date, (at AT TIME ZONE 'Europe/Paris')::date + 30, seller, buyer,
            (SELECT jsonb_agg(line || jsonb_build_object('unitHtCents', -(line->>'unitHtCents')::bigint, 'htCents', -(line->>'htCents')::bigint)) FROM jsonb_array_elements(lines) line),
            vat_rate_bp, -total_ht_cents, -vat_cents, -total_ttc_cents
          FROM (SELECT i.*, s.n, i.issued_at + (now() - i.issued_at) / 2 AS at,
                  row_number() OVER (PARTITION BY i.issuer_id ORDER BY i.issued_at, i.id)::int AS seq
                FROM invoices i JOIN scale_invoices s ON i.id = ${uuid("inv", "s.n")} WHERE s.n % 20 = 0) credited;
          INSERT INTO invoice_counters (issuer_id, series, last_value)
          SELECT issuer_id, CASE kind WHEN 'invoice' THEN 'F' ELSE 'A' END, max(sequence) FROM invoices GROUP BY 1, 2`),
    ],
  ];
}
