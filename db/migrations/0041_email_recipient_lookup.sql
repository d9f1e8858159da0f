-- The email history searched by a whole address: an exact lookup, newest first, instead of a trigram scan.
CREATE INDEX email_logs_recipient_lower_idx ON email_logs (lower(recipient_email), sent_at DESC);
