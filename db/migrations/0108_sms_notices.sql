-- Issue 32, part 4 (decision 0087): notices by SMS, when the operator configures a provider (SMS_PROVIDER_URL).
-- A person's choice: one row per person who ever opted in. Opted in while opted_out_at is null; opting in again
-- starts a new period (opted_in_at moves, opted_out_at is cleared). Account deletion removes the row.
CREATE TABLE sms_notice_preferences (
  user_id text PRIMARY KEY REFERENCES profiles (id) ON DELETE CASCADE,
  opted_in_at timestamptz NOT NULL DEFAULT now(),
  opted_out_at timestamptz,
  CHECK (opted_out_at IS NULL OR opted_out_at >= opted_in_at)
);

-- One log row per SMS job, like email_logs: failed while retrying, then sent; its unique job_id keeps a re-run of the
-- job from sending twice. No text of a message is kept (the texts are fixed per template) and the number only masked.
CREATE TABLE sms_logs (
  id bigserial PRIMARY KEY,
  job_id bigint UNIQUE REFERENCES jobs (id) ON DELETE SET NULL,
  user_id text REFERENCES profiles (id) ON DELETE CASCADE,
  template_key text NOT NULL CHECK (template_key ~ '^[a-z0-9-]+$'),
  recipient_masked text NOT NULL CHECK (length(recipient_masked) <= 32),
  status text NOT NULL CHECK (status IN ('sent', 'failed')),
  error text CHECK (length(error) <= 2000),
  attempts integer NOT NULL DEFAULT 1 CHECK (attempts >= 0),
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX sms_logs_user_idx ON sms_logs (user_id, created_at);
CREATE TRIGGER sms_logs_updated_at BEFORE UPDATE ON sms_logs FOR EACH ROW EXECUTE FUNCTION set_updated_at();
