-- Issue 31 follow-up (decision 0082): the operator's view on the admin dashboard reads per-day totals kept by the
-- database instead of recounting every recovery, invoice and closed case of the period on each view. One row per
-- Paris day; each column counts what today's raw query counts for that day:
--   recovered_cents      the recoveries ledger by its date (recovered_on), reversals negative;
--   invoiced_*_cents     invoices and credit notes (negative totals) by the Paris day of issued_at;
--   closed_*             cases whose status is 'resolved' or 'closed' with an outcome, by the Paris day of outcome_at
--                        (a case reopened leaves its day, closed again it counts on its new day, once).
-- Purges (cases after their retention, with their ledger; invoices after 10 years) do not touch the totals: they are
-- the platform's history, not personal data.
CREATE TABLE operator_daily_totals (
  day date PRIMARY KEY,
  recovered_cents bigint NOT NULL DEFAULT 0,
  invoiced_ht_cents bigint NOT NULL DEFAULT 0,
  invoiced_ttc_cents bigint NOT NULL DEFAULT 0,
  closed_recovered_in_full integer NOT NULL DEFAULT 0,
  closed_recovered_in_part integer NOT NULL DEFAULT 0,
  closed_nothing_recovered integer NOT NULL DEFAULT 0,
  closed_withdrawn_by_client integer NOT NULL DEFAULT 0,
  closed_not_pursued integer NOT NULL DEFAULT 0
);

-- Adds to a day's row, creating it: concurrent writers of the same day wait on the row, none loses its addition.
CREATE FUNCTION add_to_operator_day(d date, recovered bigint, ht bigint, ttc bigint, outcome text, closed integer)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO operator_daily_totals AS t (day, recovered_cents, invoiced_ht_cents, invoiced_ttc_cents,
    closed_recovered_in_full, closed_recovered_in_part, closed_nothing_recovered, closed_withdrawn_by_client, closed_not_pursued)
  VALUES (d, recovered, ht, ttc,
    CASE WHEN outcome = 'recovered_in_full' THEN closed ELSE 0 END,
    CASE WHEN outcome = 'recovered_in_part' THEN closed ELSE 0 END,
    CASE WHEN outcome = 'nothing_recovered' THEN closed ELSE 0 END,
    CASE WHEN outcome = 'withdrawn_by_client' THEN closed ELSE 0 END,
    CASE WHEN outcome = 'not_pursued' THEN closed ELSE 0 END)
  ON CONFLICT (day) DO UPDATE SET
    recovered_cents = t.recovered_cents + excluded.recovered_cents,
    invoiced_ht_cents = t.invoiced_ht_cents + excluded.invoiced_ht_cents,
    invoiced_ttc_cents = t.invoiced_ttc_cents + excluded.invoiced_ttc_cents,
    closed_recovered_in_full = t.closed_recovered_in_full + excluded.closed_recovered_in_full,
    closed_recovered_in_part = t.closed_recovered_in_part + excluded.closed_recovered_in_part,
    closed_nothing_recovered = t.closed_nothing_recovered + excluded.closed_nothing_recovered,
    closed_withdrawn_by_client = t.closed_withdrawn_by_client + excluded.closed_withdrawn_by_client,
    closed_not_pursued = t.closed_not_pursued + excluded.closed_not_pursued
$$;

-- A ledger entry counts on its date; an invoice or a credit note on the Paris day it was issued.
CREATE FUNCTION count_entry_in_operator_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_TABLE_NAME = 'case_recoveries' THEN
    PERFORM add_to_operator_day(NEW.recovered_on, NEW.amount_cents, 0, 0, NULL, 0);
  ELSE
    PERFORM add_to_operator_day((NEW.issued_at AT TIME ZONE 'Europe/Paris')::date, 0, NEW.total_ht_cents, NEW.total_ttc_cents, NULL, 0);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER case_recoveries_operator_day AFTER INSERT ON case_recoveries
  FOR EACH ROW EXECUTE FUNCTION count_entry_in_operator_day();
CREATE TRIGGER invoices_operator_day AFTER INSERT ON invoices
  FOR EACH ROW EXECUTE FUNCTION count_entry_in_operator_day();

-- A case counts while it is resolved or closed with an outcome, on the Paris day of outcome_at: an update takes its
-- old count off its old day and adds its new one.
CREATE FUNCTION count_outcome_in_operator_day() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE' AND OLD.outcome IS NOT NULL AND OLD.status IN ('resolved', 'closed') THEN
    PERFORM add_to_operator_day((OLD.outcome_at AT TIME ZONE 'Europe/Paris')::date, 0, 0, 0, OLD.outcome, -1);
  END IF;
  IF NEW.outcome IS NOT NULL AND NEW.status IN ('resolved', 'closed') THEN
    PERFORM add_to_operator_day((NEW.outcome_at AT TIME ZONE 'Europe/Paris')::date, 0, 0, 0, NEW.outcome, 1);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER cases_outcome_operator_day_insert AFTER INSERT ON cases
  FOR EACH ROW WHEN (NEW.outcome IS NOT NULL AND NEW.status IN ('resolved', 'closed'))
  EXECUTE FUNCTION count_outcome_in_operator_day();
CREATE TRIGGER cases_outcome_operator_day_update AFTER UPDATE OF status, outcome, outcome_at ON cases
  FOR EACH ROW WHEN (
    (OLD.outcome IS NOT NULL AND OLD.status IN ('resolved', 'closed')) IS DISTINCT FROM (NEW.outcome IS NOT NULL AND NEW.status IN ('resolved', 'closed'))
    OR OLD.outcome IS DISTINCT FROM NEW.outcome OR OLD.outcome_at IS DISTINCT FROM NEW.outcome_at)
  EXECUTE FUNCTION count_outcome_in_operator_day();

-- The history so far (the triggers above hold the tables' write lock until this migration commits).
INSERT INTO operator_daily_totals (day, recovered_cents, invoiced_ht_cents, invoiced_ttc_cents, closed_recovered_in_full,
  closed_recovered_in_part, closed_nothing_recovered, closed_withdrawn_by_client, closed_not_pursued)
SELECT day, sum(recovered), sum(ht), sum(ttc), sum(in_full), sum(in_part), sum(nothing), sum(withdrawn), sum(not_pursued)
FROM (
  SELECT recovered_on AS day, sum(amount_cents) AS recovered, 0 AS ht, 0 AS ttc,
         0 AS in_full, 0 AS in_part, 0 AS nothing, 0 AS withdrawn, 0 AS not_pursued
  FROM case_recoveries GROUP BY recovered_on
  UNION ALL
  SELECT (issued_at AT TIME ZONE 'Europe/Paris')::date, 0, sum(total_ht_cents), sum(total_ttc_cents), 0, 0, 0, 0, 0
  FROM invoices GROUP BY 1
  UNION ALL
  SELECT (outcome_at AT TIME ZONE 'Europe/Paris')::date, 0, 0, 0,
         count(*) FILTER (WHERE outcome = 'recovered_in_full'), count(*) FILTER (WHERE outcome = 'recovered_in_part'),
         count(*) FILTER (WHERE outcome = 'nothing_recovered'), count(*) FILTER (WHERE outcome = 'withdrawn_by_client'),
         count(*) FILTER (WHERE outcome = 'not_pursued')
  FROM cases WHERE outcome IS NOT NULL AND status IN ('resolved', 'closed') GROUP BY 1
) AS days
GROUP BY day;

-- /admin/factures pages by (issued_at, id), newest first (decision 0070's keyset cursor).
CREATE INDEX invoices_issued_at_id ON invoices (issued_at, id);
