-- Issue 32, part 1: "Vérifier un appel" (decision 84). No call code is stored: a code is an HMAC of a server key,
-- the client's id, the Paris day and its rank that day. These tables say which ranks were used and who revealed which.

-- One row per code used (the client confirmed it was read to them, or checked it): the day's next code has the next
-- rank. Unique per rank, so two uses of the same code cannot both count.
CREATE TABLE call_code_uses (
  client_id text NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  paris_day date NOT NULL,
  rank integer NOT NULL CHECK (rank >= 0),
  used_how text NOT NULL CHECK (used_how IN ('confirmed', 'checked')),
  used_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (client_id, paris_day, rank)
);

-- Each reveal of a client's code by their assigned lawyer or an admin, from one of the client's cases (also in the
-- staff journal). The client's check says who revealed the code and when.
CREATE TABLE call_code_reveals (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  client_id text NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  revealed_by text NOT NULL,
  paris_day date NOT NULL,
  rank integer NOT NULL,
  revealed_at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX call_code_reveals_code ON call_code_reveals (client_id, paris_day, rank, revealed_at DESC);

-- The professional contacts a partner lawyer publishes, so that /verifier-un-contact recognises them. The *_key
-- columns hold the normalised forms the public check compares exactly (lower-case e-mail, 0XXXXXXXXX phone, bare host).
CREATE TABLE lawyer_public_contacts (
  lawyer_id text PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
  email text NOT NULL DEFAULT '' CHECK (length(email) <= 254),
  phone text NOT NULL DEFAULT '' CHECK (length(phone) <= 30),
  website text NOT NULL DEFAULT '' CHECK (length(website) <= 300),
  email_key text,
  phone_key text,
  website_key text,
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX lawyer_public_contacts_email ON lawyer_public_contacts (email_key) WHERE email_key IS NOT NULL;
CREATE INDEX lawyer_public_contacts_phone ON lawyer_public_contacts (phone_key) WHERE phone_key IS NOT NULL;
CREATE INDEX lawyer_public_contacts_website ON lawyer_public_contacts (website_key) WHERE website_key IS NOT NULL;
