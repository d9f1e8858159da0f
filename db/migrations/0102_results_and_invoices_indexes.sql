-- Issue 31's hot queries at scale (bench/scale-bench.ts on 1 000 000 cases, 320 000 recoveries, 320 000 invoices).

-- A case's fee figures read its ledger by agreement (a sequential scan without it); also the agreement's cascade.
CREATE INDEX case_recoveries_agreement ON case_recoveries (agreement_id);

-- The operator's view sums over a period: each sum read from its index alone (no visit to the rows).
DROP INDEX case_recoveries_recovered_on;
CREATE INDEX case_recoveries_recovered_on ON case_recoveries (recovered_on) INCLUDE (amount_cents);
DROP INDEX invoices_issued_at;
CREATE INDEX invoices_issued_at ON invoices (issued_at) INCLUDE (total_ht_cents, total_ttc_cents);
-- Cases closed with an outcome, by outcome date: what /resultats and the operator's view count, read from the index.
DROP INDEX cases_outcome_at_idx;
CREATE INDEX cases_outcome_at_idx ON cases (outcome_at) INCLUDE (status, outcome, id, scam_type, submitted_at, outcome_recovered_cents)
  WHERE outcome IS NOT NULL;

-- /admin/factures searches number, case number, client, lawyer and firm with ILIKE '%…%': one trigram index each.
CREATE INDEX invoices_number_trgm ON invoices USING gin (number gin_trgm_ops);
CREATE INDEX invoices_case_number_trgm ON invoices USING gin (case_number gin_trgm_ops);
CREATE INDEX invoices_buyer_name_trgm ON invoices USING gin ((buyer->>'name') gin_trgm_ops);
CREATE INDEX invoices_lawyer_name_trgm ON invoices USING gin ((seller->>'lawyerName') gin_trgm_ops);
CREATE INDEX invoices_firm_name_trgm ON invoices USING gin ((seller->>'firmName') gin_trgm_ops);
-- A number typed whole: every issuer's series share their trigrams, so it is looked up by prefix in a btree.
CREATE INDEX invoices_number_prefix ON invoices (number text_pattern_ops);
