-- Issue 31: a case moved to 'resolved' or 'closed' by its lawyer carries its outcome, and the total recovered read
-- from the recoveries ledger at that moment. Set in the same UPDATE as the status; the history trigger copies it
-- onto the status change's row, so the timeline says it and no code path can record one without the other.
ALTER TABLE cases
  ADD COLUMN outcome text CHECK (outcome IN ('recovered_in_full', 'recovered_in_part', 'nothing_recovered', 'withdrawn_by_client', 'not_pursued')),
  ADD COLUMN outcome_reason text CHECK (length(outcome_reason) BETWEEN 1 AND 2000),
  ADD COLUMN outcome_recovered_cents bigint CHECK (outcome_recovered_cents >= 0),
  ADD COLUMN outcome_at timestamptz,
  ADD CONSTRAINT cases_outcome_complete CHECK (
    (outcome IS NULL AND outcome_reason IS NULL AND outcome_recovered_cents IS NULL AND outcome_at IS NULL)
    OR (outcome IS NOT NULL AND outcome_recovered_cents IS NOT NULL AND outcome_at IS NOT NULL
        AND (outcome = 'not_pursued') = (outcome_reason IS NOT NULL)
        AND (outcome NOT IN ('recovered_in_full', 'recovered_in_part') OR outcome_recovered_cents > 0)
        AND (outcome <> 'nothing_recovered' OR outcome_recovered_cents = 0))
  );
-- The published results read closed cases by the date of their outcome.
CREATE INDEX cases_outcome_at_idx ON cases (outcome_at) WHERE outcome IS NOT NULL;

ALTER TABLE case_status_history
  ADD COLUMN outcome text,
  ADD COLUMN outcome_reason text,
  ADD COLUMN outcome_recovered_cents bigint;

CREATE OR REPLACE FUNCTION record_case_status_change() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  closing boolean := NEW.status IN ('resolved', 'closed') AND NEW.outcome IS NOT NULL
    AND (TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status);
BEGIN
  IF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status
     OR NEW.assigned_lawyer_id IS DISTINCT FROM OLD.assigned_lawyer_id THEN
    INSERT INTO case_status_history (case_id, from_status, to_status, changed_by, lawyer_id, note, system_reason,
                                     outcome, outcome_reason, outcome_recovered_cents)
    VALUES (NEW.id, CASE WHEN TG_OP = 'UPDATE' THEN OLD.status END, NEW.status,
            nullif(current_setting('recours.actor_id', true), ''),
            CASE WHEN TG_OP = 'INSERT' OR NEW.assigned_lawyer_id IS DISTINCT FROM OLD.assigned_lawyer_id
                 THEN NEW.assigned_lawyer_id END,
            nullif(current_setting('recours.status_note', true), ''),
            nullif(current_setting('recours.system_reason', true), ''),
            CASE WHEN closing THEN NEW.outcome END,
            CASE WHEN closing THEN NEW.outcome_reason END,
            CASE WHEN closing THEN NEW.outcome_recovered_cents END);
  END IF;
  RETURN NEW;
END;
$$;
