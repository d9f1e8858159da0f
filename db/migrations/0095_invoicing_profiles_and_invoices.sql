-- Issue 31: invoices issued by Recours in the lawyer's name (mandat de facturation), numbered from a gapless series
-- per issuer, immutable once issued, cancelled only by a credit note (decision 0081).

-- What an invoice needs about its seller, and the invoicing mandate the lawyer accepted (once, per text version).
CREATE TABLE lawyer_invoicing_profiles (
  lawyer_id text PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
  firm_name text NOT NULL CHECK (length(firm_name) BETWEEN 1 AND 200),
  address text NOT NULL CHECK (length(address) BETWEEN 1 AND 300),
  postal_code text NOT NULL CHECK (postal_code ~ '^[0-9]{5}$'),
  city text NOT NULL CHECK (length(city) BETWEEN 1 AND 120),
  siren text NOT NULL CHECK (siren ~ '^[0-9]{9}$'),
  siret text CHECK (siret ~ '^[0-9]{14}$' AND left(siret, 9) = siren),
  -- Either an intra-community VAT number, or the franchise en base (art. 293 B du CGI): no VAT charged.
  vat_number text CHECK (vat_number ~ '^FR[0-9A-Z]{2}[0-9]{9}$'),
  vat_franchise boolean NOT NULL DEFAULT false,
  mandate_accepted_at timestamptz,
  mandate_version text,
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (vat_franchise = (vat_number IS NULL)),
  CHECK ((mandate_accepted_at IS NULL) = (mandate_version IS NULL))
);

-- One row per issuer and series ('F' invoices, 'A' credit notes): the last number given. Locked FOR UPDATE by the
-- transaction that inserts the invoice, so a rollback gives the number back (a sequence would leave a gap).
CREATE TABLE invoice_counters (
  issuer_id text NOT NULL,
  series text NOT NULL CHECK (series IN ('F', 'A')),
  last_value integer NOT NULL DEFAULT 0 CHECK (last_value >= 0),
  PRIMARY KEY (issuer_id, series)
);

-- No foreign key to cases or profiles: an invoice outlives the account and the case (10 years, Code de commerce
-- L123-22); what was true at issue is in its snapshots.
CREATE TABLE invoices (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  kind text NOT NULL CHECK (kind IN ('invoice', 'credit-note')),
  issuer_id text NOT NULL,
  sequence integer NOT NULL CHECK (sequence > 0),
  number text NOT NULL UNIQUE,
  case_id uuid NOT NULL,
  case_number text NOT NULL,
  agreement_id uuid NOT NULL,
  buyer_id text NOT NULL,
  credited_invoice_id uuid UNIQUE REFERENCES invoices (id),
  issued_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  service_date date NOT NULL,
  due_date date NOT NULL,
  -- { firmName, lawyerName, address, siren, siret, vatNumber, vatFranchise, mandateAcceptedAt, mandateVersion }
  seller jsonb NOT NULL,
  -- { name, address }
  buyer jsonb NOT NULL,
  -- [{ "kind", "label", "quantity", "unitHtCents", "htCents" }]
  lines jsonb NOT NULL CHECK (jsonb_typeof(lines) = 'array' AND jsonb_array_length(lines) > 0),
  vat_rate_bp integer NOT NULL CHECK (vat_rate_bp BETWEEN 0 AND 10000),
  -- Credit notes carry negative totals.
  total_ht_cents bigint NOT NULL,
  vat_cents bigint NOT NULL,
  total_ttc_cents bigint NOT NULL CHECK (total_ttc_cents = total_ht_cents + vat_cents),
  UNIQUE (issuer_id, kind, sequence),
  CHECK ((kind = 'invoice' AND credited_invoice_id IS NULL AND total_ht_cents > 0)
      OR (kind = 'credit-note' AND credited_invoice_id IS NOT NULL AND total_ht_cents < 0))
);
CREATE INDEX invoices_case ON invoices (case_id, issued_at);
CREATE INDEX invoices_issued_at ON invoices (issued_at);
CREATE INDEX invoices_buyer ON invoices (buyer_id);

CREATE FUNCTION refuse_invoice_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Only the purge after the retention period deletes an invoice; nothing ever edits one.
  IF TG_OP = 'DELETE' AND OLD.issued_at < now() - interval '10 years' THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'une facture émise ne se modifie pas et ne se supprime pas : émettez un avoir' USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER invoices_immutable BEFORE UPDATE OR DELETE ON invoices
  FOR EACH ROW EXECUTE FUNCTION refuse_invoice_change();

-- The PDF of each invoice, stored through the storage gateway with its SHA-256. Append-only.
CREATE TABLE invoice_documents (
  invoice_id uuid PRIMARY KEY REFERENCES invoices (id) ON DELETE CASCADE,
  file_id uuid NOT NULL REFERENCES stored_files (id),
  sha256 text NOT NULL CHECK (sha256 ~ '^[0-9a-f]{64}$'),
  created_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX invoice_documents_file ON invoice_documents (file_id);

CREATE FUNCTION refuse_invoice_document_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM invoices i WHERE i.id = OLD.invoice_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'invoice_documents est en ajout seul' USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER invoice_documents_append_only BEFORE UPDATE OR DELETE ON invoice_documents
  FOR EACH ROW EXECUTE FUNCTION refuse_invoice_document_change();
