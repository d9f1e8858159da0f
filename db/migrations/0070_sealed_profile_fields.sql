-- Issue 16 (privacy), item 1: the NIF and the birth date are kept encrypted (decision 0043).
-- SQL has no key, so this migration only adds the sealed columns; the application seals existing plaintext
-- right after migrating (sealPlaintextProfileFields, batched, idempotent, several instances at once) and
-- nulls the plaintext columns, which a later migration drops once every deployment has sealed.
ALTER TABLE profiles
  ADD COLUMN fields_key_id text,
  -- the row's data key (nonce ‖ ciphertext ‖ tag) wrapped by the master key fields_key_id names
  ADD COLUMN fields_wrapped_key bytea,
  -- nonce(12) ‖ AES-256-GCM ciphertext ‖ tag(16); AAD = profiles|<column>|<id>
  ADD COLUMN birth_date_sealed bytea,
  ADD COLUMN nif_sealed bytea,
  ADD CONSTRAINT profiles_sealed_fields_have_key
    CHECK ((birth_date_sealed IS NULL AND nif_sealed IS NULL) OR (fields_key_id IS NOT NULL AND fields_wrapped_key IS NOT NULL));

-- Rotation finds the rows still under an old key; sealing finds the rows still in plaintext.
CREATE INDEX profiles_fields_key_id_idx ON profiles (fields_key_id) WHERE fields_key_id IS NOT NULL;
CREATE INDEX profiles_plaintext_fields_idx ON profiles (id) WHERE birth_date IS NOT NULL OR nif IS NOT NULL;
