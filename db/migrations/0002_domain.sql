-- The domain model of both specification files (§3 of each).
-- Not created on purpose: a password column on profiles (only better-auth's hash exists) and a
-- user_roles table (the role lives in profiles.role alone).

CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE FUNCTION set_updated_at() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.updated_at := now();
  RETURN NEW;
END;
$$;

CREATE TABLE profiles (
  id text PRIMARY KEY REFERENCES "user" (id) ON DELETE CASCADE,
  email text NOT NULL,
  first_name text NOT NULL CHECK (length(btrim(first_name)) BETWEEN 1 AND 100),
  last_name text NOT NULL CHECK (length(btrim(last_name)) BETWEEN 1 AND 100),
  role text NOT NULL DEFAULT 'user' CHECK (role IN ('user', 'lawyer', 'admin')),
  birth_date date CHECK (birth_date >= DATE '1900-01-01'),
  nif text CHECK (nif ~ '^[0-3][0-9]{12}$'),
  phone_mobile text CHECK (phone_mobile ~ '^\+[1-9][0-9]{6,14}$'),
  phone_fixed text CHECK (phone_fixed ~ '^\+[1-9][0-9]{6,14}$'),
  address text CHECK (length(address) <= 300),
  city text CHECK (length(city) <= 150),
  postal_code text CHECK (length(postal_code) <= 12),
  department text CHECK (length(department) <= 150),
  country text NOT NULL DEFAULT 'france'
    CHECK (country IN ('france', 'belgium', 'switzerland', 'luxembourg', 'canada')),
  profile_completed boolean NOT NULL DEFAULT false,
  identity_verified boolean NOT NULL DEFAULT false,
  assigned_lawyer_id text REFERENCES profiles (id) ON DELETE SET NULL,
  lawyer_level text CHECK (lawyer_level IN ('basic', 'intermediate', 'advanced')),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (assigned_lawyer_id IS NULL OR assigned_lawyer_id <> id)
);
CREATE UNIQUE INDEX profiles_email_key ON profiles (lower(email));
CREATE INDEX profiles_role_created_at_idx ON profiles (role, created_at DESC);
CREATE INDEX profiles_created_at_idx ON profiles (created_at DESC);
CREATE INDEX profiles_role_verified_idx ON profiles (role, identity_verified);
CREATE INDEX profiles_assigned_lawyer_idx ON profiles (assigned_lawyer_id, identity_verified) WHERE role = 'user';
CREATE INDEX profiles_email_trgm_idx ON profiles USING gin (email gin_trgm_ops);
CREATE INDEX profiles_first_name_trgm_idx ON profiles USING gin (first_name gin_trgm_ops);
CREATE INDEX profiles_last_name_trgm_idx ON profiles USING gin (last_name gin_trgm_ops);
CREATE TRIGGER profiles_updated_at BEFORE UPDATE ON profiles FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE SEQUENCE case_number_seq;

CREATE TABLE cases (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_number text NOT NULL UNIQUE
    DEFAULT ('RC-' || to_char(now() AT TIME ZONE 'Europe/Paris', 'YYYY') || '-' || lpad(nextval('case_number_seq')::text, 6, '0')),
  user_id text NOT NULL REFERENCES profiles (id) ON DELETE RESTRICT,
  assigned_lawyer_id text REFERENCES profiles (id) ON DELETE SET NULL,
  assigned_at timestamptz,
  status text NOT NULL DEFAULT 'draft' CHECK (status IN
    ('draft', 'submitted', 'under_review', 'assigned', 'in_progress', 'resolved', 'completed', 'closed')),
  scam_type text CHECK (scam_type IN ('romance_scam', 'investment_scam', 'fake_website', 'phishing',
    'cryptocurrency_scam', 'fake_job_offer', 'technical_support_scam', 'lottery_scam', 'other')),
  contact_method text CHECK (length(contact_method) <= 100),
  contact_method_details text CHECK (length(contact_method_details) <= 2000),
  first_contact_date date CHECK (first_contact_date >= DATE '1900-01-01'),
  total_amount_lost numeric(14, 2) CHECK (total_amount_lost >= 0),
  payment_methods text[] NOT NULL DEFAULT '{}' CHECK (payment_methods <@ ARRAY['bank_transfer', 'credit_card',
    'cryptocurrency', 'paypal', 'western_union', 'money_gram', 'cash', 'other']::text[]),
  contacted_bank boolean NOT NULL DEFAULT false,
  bank_contact_details text CHECK (length(bank_contact_details) <= 2000),
  filed_complaint boolean NOT NULL DEFAULT false,
  complaint_status text CHECK (length(complaint_status) <= 200),
  complaint_reference text CHECK (length(complaint_reference) <= 200),
  detailed_description text CHECK (length(detailed_description) <= 20000),
  evidence_types text[] NOT NULL DEFAULT '{}' CHECK (evidence_types <@ ARRAY['payment_receipts',
    'conversation_screenshots', 'email_exchanges', 'bank_statements', 'recipient_iban', 'contracts_documents']::text[]),
  draft_data jsonb,
  submitted_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (status = 'draft' OR (scam_type IS NOT NULL AND submitted_at IS NOT NULL)),
  CHECK ((assigned_lawyer_id IS NULL) = (assigned_at IS NULL))
);
CREATE INDEX cases_user_created_at_idx ON cases (user_id, created_at DESC);
CREATE INDEX cases_user_drafts_idx ON cases (user_id) WHERE status = 'draft';
CREATE INDEX cases_assigned_lawyer_status_idx ON cases (assigned_lawyer_id, status);
CREATE INDEX cases_created_at_idx ON cases (created_at DESC);
CREATE INDEX cases_case_number_trgm_idx ON cases USING gin (case_number gin_trgm_ops);
CREATE INDEX cases_scam_type_trgm_idx ON cases USING gin (scam_type gin_trgm_ops);
CREATE TRIGGER cases_updated_at BEFORE UPDATE ON cases FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE case_status_history (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  from_status text,
  to_status text NOT NULL,
  changed_by text REFERENCES profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX case_status_history_case_idx ON case_status_history (case_id, created_at);

-- Every status change is recorded by the database itself, so no code path can forget it.
-- The acting profile comes from the transaction setting recours.actor_id when a use case sets it.
CREATE FUNCTION record_case_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO case_status_history (case_id, from_status, to_status, changed_by)
    VALUES (NEW.id, CASE WHEN TG_OP = 'UPDATE' THEN OLD.status END, NEW.status,
            nullif(current_setting('recours.actor_id', true), ''));
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER cases_status_history AFTER INSERT OR UPDATE OF status ON cases
  FOR EACH ROW EXECUTE FUNCTION record_case_status_change();

CREATE TABLE identity_verification_documents (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  step_number smallint NOT NULL CHECK (step_number IN (2, 3, 4)),
  document_type text NOT NULL
    CHECK (document_type IN ('cni', 'passeport', 'permis', 'carte_sejour', 'proof_of_address')),
  document_side text NOT NULL CHECK (document_side IN ('recto', 'verso', 'single')),
  file_name text NOT NULL CHECK (length(file_name) BETWEEN 1 AND 255),
  file_path text NOT NULL UNIQUE,
  file_size bigint NOT NULL CHECK (file_size > 0 AND file_size <= 31457280),
  mime_type text NOT NULL CHECK (mime_type IN ('image/jpeg', 'image/png', 'image/heic', 'application/pdf')),
  status text NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'approved', 'rejected')),
  obsolete boolean NOT NULL DEFAULT false,
  rejection_reason text CHECK (length(rejection_reason) <= 1000),
  reviewed_at timestamptz,
  reviewed_by text REFERENCES profiles (id) ON DELETE SET NULL,
  uploaded_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK ((step_number = 4) = (document_type = 'proof_of_address')),
  CHECK (status <> 'rejected' OR rejection_reason IS NOT NULL),
  CHECK (status = 'pending' OR reviewed_at IS NOT NULL)
);
CREATE INDEX identity_documents_user_step_idx ON identity_verification_documents (user_id, step_number, uploaded_at)
  WHERE NOT obsolete;
CREATE INDEX identity_documents_pending_idx ON identity_verification_documents (uploaded_at DESC)
  WHERE status = 'pending' AND NOT obsolete;
CREATE INDEX identity_documents_uploaded_at_idx ON identity_verification_documents (uploaded_at DESC)
  WHERE NOT obsolete;
CREATE INDEX identity_documents_file_name_trgm_idx ON identity_verification_documents
  USING gin (file_name gin_trgm_ops);
CREATE TRIGGER identity_documents_updated_at BEFORE UPDATE ON identity_verification_documents
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE identity_verification_status (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  user_id text NOT NULL UNIQUE REFERENCES profiles (id) ON DELETE CASCADE,
  current_step smallint NOT NULL DEFAULT 1 CHECK (current_step BETWEEN 1 AND 5),
  step1_completed boolean NOT NULL DEFAULT false,
  step2_completed boolean NOT NULL DEFAULT false,
  step3_completed boolean NOT NULL DEFAULT false,
  step4_completed boolean NOT NULL DEFAULT false,
  step5_completed boolean NOT NULL DEFAULT false,
  overall_status text NOT NULL DEFAULT 'in_progress'
    CHECK (overall_status IN ('in_progress', 'completed', 'rejected', 'approved')),
  completed_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER identity_status_updated_at BEFORE UPDATE ON identity_verification_status
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE case_chat_messages (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  sender_id text NOT NULL REFERENCES profiles (id) ON DELETE RESTRICT,
  message text NOT NULL DEFAULT '' CHECK (length(message) <= 10000),
  file_name text CHECK (length(file_name) BETWEEN 1 AND 255),
  file_path text UNIQUE,
  read_status boolean NOT NULL DEFAULT false,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  CHECK (length(btrim(message)) > 0 OR file_path IS NOT NULL),
  CHECK ((file_name IS NULL) = (file_path IS NULL))
);
CREATE INDEX case_chat_messages_case_created_idx ON case_chat_messages (case_id, created_at);
CREATE INDEX case_chat_messages_unread_idx ON case_chat_messages (case_id, sender_id) WHERE NOT read_status;
CREATE TRIGGER case_chat_messages_updated_at BEFORE UPDATE ON case_chat_messages
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE lawyer_allocation (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  lawyer_id text NOT NULL UNIQUE REFERENCES profiles (id) ON DELETE CASCADE,
  allocation_percentage integer NOT NULL DEFAULT 0 CHECK (allocation_percentage BETWEEN 0 AND 100),
  active boolean NOT NULL DEFAULT true,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE TRIGGER lawyer_allocation_updated_at BEFORE UPDATE ON lawyer_allocation
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

CREATE TABLE email_logs (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  recipient_email text NOT NULL CHECK (length(recipient_email) BETWEEN 1 AND 320),
  subject text NOT NULL CHECK (length(subject) <= 500),
  body text NOT NULL,
  status text NOT NULL DEFAULT 'sent' CHECK (status IN ('sent', 'failed')),
  error text,
  template_name text,
  sent_by text REFERENCES profiles (id) ON DELETE SET NULL,
  sent_at timestamptz NOT NULL DEFAULT now(),
  created_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_logs_sent_at_idx ON email_logs (sent_at DESC);
CREATE INDEX email_logs_recipient_trgm_idx ON email_logs USING gin (recipient_email gin_trgm_ops);
CREATE INDEX email_logs_subject_trgm_idx ON email_logs USING gin (subject gin_trgm_ops);

CREATE TABLE email_templates (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  name text NOT NULL UNIQUE CHECK (length(btrim(name)) BETWEEN 1 AND 200),
  subject text NOT NULL CHECK (length(btrim(subject)) BETWEEN 1 AND 500),
  body text NOT NULL CHECK (length(btrim(body)) > 0),
  variables text[] NOT NULL DEFAULT '{}',
  created_by text REFERENCES profiles (id) ON DELETE SET NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX email_templates_created_at_idx ON email_templates (created_at DESC);
CREATE INDEX email_templates_name_trgm_idx ON email_templates USING gin (name gin_trgm_ops);
CREATE INDEX email_templates_subject_trgm_idx ON email_templates USING gin (subject gin_trgm_ops);
CREATE TRIGGER email_templates_updated_at BEFORE UPDATE ON email_templates
  FOR EACH ROW EXECUTE FUNCTION set_updated_at();

-- Attempt counters for sign-in and sign-up, one fixed window per key (address or email).
CREATE TABLE auth_attempt_counters (
  key text PRIMARY KEY,
  window_started_at timestamptz NOT NULL,
  attempts integer NOT NULL CHECK (attempts > 0)
);
