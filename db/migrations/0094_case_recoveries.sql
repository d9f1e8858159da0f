-- Issue 31: what came back to the victim. Append-only: a correction is a reversal entry with a reason.

CREATE TABLE case_recoveries (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  -- The agreement in force when the sum was recorded (its result fee applies to it).
  agreement_id uuid NOT NULL REFERENCES fee_agreements (id) ON DELETE CASCADE,
  recovered_on date NOT NULL,
  -- Integer cents: positive for a sum recovered, negative for the reversal of one (exactly its opposite).
  amount_cents bigint NOT NULL CHECK (amount_cents <> 0 AND abs(amount_cents) <= 99999999999),
  source text NOT NULL CHECK (source IN ('rappel-de-fonds', 'chargeback', 'remboursement-beneficiaire', 'decision-de-justice', 'autre')),
  -- The case file's payments this sum relates to (case_payments ids).
  payment_ids uuid[] NOT NULL DEFAULT '{}',
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 1000),
  proof_file_id uuid REFERENCES stored_files (id),
  reverses_id uuid UNIQUE REFERENCES case_recoveries (id) ON DELETE CASCADE,
  reason text CHECK (length(reason) BETWEEN 1 AND 1000),
  recorded_by text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  CHECK ((reverses_id IS NULL AND amount_cents > 0 AND reason IS NULL) OR (reverses_id IS NOT NULL AND amount_cents < 0 AND reason IS NOT NULL))
);
CREATE INDEX case_recoveries_case ON case_recoveries (case_id, recovered_on, created_at);
CREATE INDEX case_recoveries_recovered_on ON case_recoveries (recovered_on);

CREATE FUNCTION check_case_recovery() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  reversed case_recoveries%ROWTYPE;
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.reverses_id IS NOT NULL THEN
      SELECT * INTO reversed FROM case_recoveries WHERE id = NEW.reverses_id;
      IF reversed.reverses_id IS NOT NULL THEN
        RAISE EXCEPTION 'une contre-passation ne peut pas être contre-passée' USING ERRCODE = 'check_violation';
      END IF;
      IF reversed.case_id <> NEW.case_id OR NEW.amount_cents <> -reversed.amount_cents THEN
        RAISE EXCEPTION 'une contre-passation annule exactement une entrée du même dossier' USING ERRCODE = 'check_violation';
      END IF;
    END IF;
    RETURN NEW;
  END IF;
  -- Deleted only with its case (the purge after the legal period).
  IF TG_OP = 'DELETE' AND NOT EXISTS (SELECT 1 FROM cases c WHERE c.id = OLD.case_id) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'case_recoveries est en ajout seul' USING ERRCODE = 'insufficient_privilege';
END;
$$;
CREATE TRIGGER case_recoveries_rules BEFORE INSERT OR UPDATE OR DELETE ON case_recoveries
  FOR EACH ROW EXECUTE FUNCTION check_case_recovery();
