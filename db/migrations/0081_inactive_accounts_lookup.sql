-- The retention job's inactive accounts (decision 0057): found from two index ranges instead of every client in turn
-- (7.2 s over 100 000 clients). Accounts whose recorded activity is older than the cutoff and not yet warned...
CREATE INDEX account_inactivity_unwarned_idx ON account_inactivity (last_active_at) WHERE warned_at IS NULL;
-- ...and accounts created before the cutoff with no activity recorded at all.
CREATE INDEX user_created_at_idx ON "user" ("createdAt");
