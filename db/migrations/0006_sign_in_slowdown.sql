-- When an attempt was last counted: the growing delay between failed sign-ins across addresses (issue 9) starts
-- from the last failure.
ALTER TABLE auth_attempt_counters ADD COLUMN last_attempt_at timestamptz NOT NULL DEFAULT now();
