-- Issue 31: the costs and disbursements the client approves, and the sums the client paid the lawyer. Both feed the
-- fee computation and the detailed account (RIN art. 11.7). Decision 83.

-- A cost or disbursement the assigned lawyer proposes, under the agreement in force. Never edited: the one change a
-- row takes is its decision (the client approves or declines it, or the lawyer withdraws it while it is pending),
-- once, timed by the database.
CREATE TABLE case_costs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  agreement_id uuid NOT NULL REFERENCES fee_agreements (id) ON DELETE CASCADE,
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 200),
  incurred_on date NOT NULL,
  amount_ht_cents bigint NOT NULL CHECK (amount_ht_cents > 0 AND amount_ht_cents <= 99999999999),
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 1000),
  proposed_by text NOT NULL,
  proposed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  decision text CHECK (decision IN ('approved', 'declined', 'withdrawn')),
  decided_by text,
  decided_at timestamptz,
  CHECK ((decision IS NULL) = (decided_by IS NULL) AND (decision IS NULL) = (decided_at IS NULL))
);
CREATE INDEX case_costs_case ON case_costs (case_id, proposed_at);
-- The fee figures sum the approved costs of the agreement in force.
CREATE INDEX case_costs_approved ON case_costs (agreement_id) INCLUDE (amount_ht_cents) WHERE decision = 'approved';

CREATE FUNCTION check_case_cost() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.decision IS NOT NULL OR NEW.decided_by IS NOT NULL OR NEW.decided_at IS NOT NULL THEN
      RAISE EXCEPTION 'un frais est proposé sans décision' USING ERRCODE = 'check_violation';
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'UPDATE' THEN
    IF OLD.decision IS NOT NULL THEN
      RAISE EXCEPTION 'la décision sur un frais est définitive' USING ERRCODE = 'insufficient_privilege';
    END IF;
    IF NEW.decision IS NULL OR NEW.decided_by IS NULL
       OR (NEW.id, NEW.case_id, NEW.agreement_id, NEW.label, NEW.incurred_on, NEW.amount_ht_cents, NEW.note, NEW.proposed_by, NEW.proposed_at)
          IS DISTINCT FROM (OLD.id, OLD.case_id, OLD.agreement_id, OLD.label, OLD.incurred_on, OLD.amount_ht_cents, OLD.note, OLD.proposed_by, OLD.proposed_at) THEN
      RAISE EXCEPTION 'un frais proposé ne se modifie pas : seule sa décision s''enregistre' USING ERRCODE = 'insufficient_privilege';
    END IF;
    NEW.decided_at := clock_timestamp();
    RETURN NEW;
  END IF;
  -- Deleted only with its case (the purge after the legal period).
  IF NOT EXISTS (SELECT 1 FROM cases c WHERE c.id = OLD.case_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'case_costs ne se supprime pas' USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER case_costs_rules BEFORE INSERT OR UPDATE OR DELETE ON case_costs
  FOR EACH ROW EXECUTE FUNCTION check_case_cost();

-- What the client paid the lawyer (TTC), append-only like the recoveries ledger: a correction is a reversal.
CREATE TABLE case_fee_payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  agreement_id uuid NOT NULL REFERENCES fee_agreements (id) ON DELETE CASCADE,
  received_on date NOT NULL,
  amount_cents bigint NOT NULL CHECK (amount_cents <> 0 AND abs(amount_cents) <= 99999999999),
  -- What it paid: "Honoraire de diligence", "Provision sur frais"…
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 200),
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 1000),
  reverses_id uuid UNIQUE REFERENCES case_fee_payments (id) ON DELETE CASCADE,
  reason text CHECK (length(reason) BETWEEN 1 AND 1000),
  recorded_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK ((reverses_id IS NULL AND amount_cents > 0 AND reason IS NULL) OR (reverses_id IS NOT NULL AND amount_cents < 0 AND reason IS NOT NULL))
);
CREATE INDEX case_fee_payments_case ON case_fee_payments (case_id, received_on, created_at);
CREATE INDEX case_fee_payments_agreement ON case_fee_payments (agreement_id) INCLUDE (amount_cents);

-- One trigger function for both append-only ledgers (it replaces 0094's check_case_recovery): a reversal cancels
-- exactly one entry of the same case and is never reversed; no update; a delete only with the case (the purge).
CREATE FUNCTION check_reversible_ledger() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reversed_case uuid;
  reversed_amount bigint;
  reversed_reverses uuid;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.reverses_id IS NOT NULL THEN
      EXECUTE format('SELECT case_id, amount_cents, reverses_id FROM %I WHERE id = $1', TG_TABLE_NAME)
        INTO reversed_case, reversed_amount, reversed_reverses USING NEW.reverses_id;
      IF reversed_reverses IS NOT NULL THEN
        RAISE EXCEPTION 'une contre-passation ne peut pas être contre-passée' USING ERRCODE = 'check_violation';
      END IF;
      IF reversed_case <> NEW.case_id OR NEW.amount_cents <> -reversed_amount THEN
        RAISE EXCEPTION 'une contre-passation annule exactement une entrée du même dossier' USING ERRCODE = 'check_violation';
      END IF;
    END IF;
    RETURN NEW;
  END IF;
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM cases c WHERE c.id = OLD.case_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION '% est en ajout seul', TG_TABLE_NAME USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER case_fee_payments_rules BEFORE INSERT OR UPDATE OR DELETE ON case_fee_payments
  FOR EACH ROW EXECUTE FUNCTION check_reversible_ledger();

DROP TRIGGER case_recoveries_rules ON case_recoveries;
CREATE TRIGGER case_recoveries_rules BEFORE INSERT OR UPDATE OR DELETE ON case_recoveries
  FOR EACH ROW EXECUTE FUNCTION check_reversible_ledger();
DROP FUNCTION check_case_recovery();
