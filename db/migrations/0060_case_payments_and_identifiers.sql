-- The case file (issue 15): the payments a victim made and the scammer's identifiers, with the normalised values
-- that link cases sharing a scammer (decision 0039).

CREATE TABLE case_payments (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  paid_on date NOT NULL CHECK (paid_on >= DATE '1900-01-01'),
  amount numeric(14, 2) NOT NULL CHECK (amount > 0),
  currency text NOT NULL DEFAULT 'EUR' CHECK (currency IN ('EUR', 'CHF', 'CAD')),
  method text NOT NULL CHECK (method IN ('bank_transfer', 'credit_card', 'cryptocurrency', 'paypal', 'western_union',
    'money_gram', 'cash', 'other')),
  -- iban: electronic format (no spaces, upper case, checksum valid); wallet: the address as typed (case matters for
  -- base58), with its network; card_merchant and other: free text.
  beneficiary_kind text NOT NULL CHECK (beneficiary_kind IN ('iban', 'wallet', 'card_merchant', 'other')),
  beneficiary text NOT NULL CHECK (length(btrim(beneficiary)) BETWEEN 1 AND 200),
  wallet_network text CHECK (wallet_network IN ('btc', 'eth', 'trc20')),
  -- The victim's own bank, the one debited: the bank letter is written to it.
  payer_bank text CHECK (length(payer_bank) <= 200),
  note text CHECK (length(note) <= 500),
  created_by text REFERENCES profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((beneficiary_kind = 'wallet') = (wallet_network IS NOT NULL)),
  CHECK (beneficiary_kind <> 'iban' OR beneficiary ~ '^[A-Z]{2}[0-9]{2}[A-Z0-9]{11,30}$')
);
CREATE INDEX case_payments_case_idx ON case_payments (case_id, paid_on, id);
CREATE TRIGGER case_payments_updated_at BEFORE UPDATE ON case_payments FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- Identifiers typed by people (payment_id null) and those the payments carry (IBAN, wallet: kept by the trigger
-- below, so a payment's change or deletion can never leave a stale match behind).
CREATE TABLE case_identifiers (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  kind text NOT NULL CHECK (kind IN ('name', 'phone', 'email', 'website', 'social', 'iban', 'wallet')),
  value text NOT NULL CHECK (length(btrim(value)) BETWEEN 1 AND 300),
  -- The matching key: E.164 phone, lower-case email, bare lower-case domain, electronic IBAN, wallet address
  -- (lower case for the case-insensitive hex of Ethereum).
  normalized text NOT NULL CHECK (length(normalized) BETWEEN 1 AND 300),
  payment_id uuid REFERENCES case_payments (id) ON DELETE CASCADE,
  note text CHECK (length(note) <= 300),
  created_by text REFERENCES profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  CHECK (payment_id IS NULL OR kind IN ('iban', 'wallet'))
);
CREATE INDEX case_identifiers_case_idx ON case_identifiers (case_id, kind, created_at);
CREATE UNIQUE INDEX case_identifiers_typed_key ON case_identifiers (case_id, kind, normalized) WHERE payment_id IS NULL;
-- Linked cases: one index lookup per identifier of the case (kind, normalised value) gives the other cases.
CREATE INDEX case_identifiers_match_idx ON case_identifiers (kind, normalized, case_id)
  WHERE kind IN ('phone', 'email', 'website', 'iban', 'wallet');

CREATE FUNCTION sync_payment_identifier() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' THEN
    DELETE FROM case_identifiers WHERE payment_id = NEW.id;
  END IF;
  IF NEW.beneficiary_kind IN ('iban', 'wallet') THEN
    INSERT INTO case_identifiers (case_id, kind, value, normalized, payment_id, created_by)
    VALUES (NEW.case_id, NEW.beneficiary_kind, NEW.beneficiary,
            CASE WHEN NEW.beneficiary_kind = 'wallet' AND NEW.wallet_network = 'eth' THEN lower(NEW.beneficiary)
                 ELSE NEW.beneficiary END,
            NEW.id, NEW.created_by);
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER case_payments_identifier AFTER INSERT OR UPDATE OF beneficiary_kind, beneficiary, wallet_network
  ON case_payments FOR EACH ROW EXECUTE FUNCTION sync_payment_identifier();
