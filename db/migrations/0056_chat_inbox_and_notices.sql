-- The lawyer's inbox and the unread-message email notices (issue 13, decision 38).

-- One row per case: what its conversation said last, and a copy of the case's lawyer, so that the inbox is one
-- index scan in the order it is shown, whatever the number of messages. Kept by the triggers below, never by code.
CREATE TABLE case_chat_summaries (
  case_id uuid PRIMARY KEY REFERENCES cases (id) ON DELETE CASCADE,
  -- cases.assigned_lawyer_id, copied.
  lawyer_id text,
  last_message_id uuid,
  last_message_at timestamptz,
  last_sender_id text,
  -- The start of the last message on one line (shown as text), or its attachment's name.
  last_excerpt text,
  last_file_name text
);
CREATE INDEX case_chat_summaries_lawyer_idx ON case_chat_summaries (lawyer_id, last_message_at DESC NULLS LAST, case_id DESC)
  WHERE lawyer_id IS NOT NULL;

CREATE FUNCTION chat_excerpt(message text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT nullif(left(btrim(regexp_replace(message, '[[:space:][:cntrl:]]+', ' ', 'g')), 160), '')
$$;

CREATE FUNCTION case_chat_summary_for_new_case() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO case_chat_summaries (case_id, lawyer_id) VALUES (NEW.id, NEW.assigned_lawyer_id)
  ON CONFLICT (case_id) DO NOTHING;
  RETURN NULL;
END;
$$;
CREATE TRIGGER cases_chat_summary_insert AFTER INSERT ON cases
  FOR EACH ROW EXECUTE FUNCTION case_chat_summary_for_new_case();

CREATE FUNCTION case_chat_summary_lawyer_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE case_chat_summaries SET lawyer_id = NEW.assigned_lawyer_id WHERE case_id = NEW.id;
  RETURN NULL;
END;
$$;
CREATE TRIGGER cases_chat_summary_lawyer AFTER UPDATE OF assigned_lawyer_id ON cases
  FOR EACH ROW WHEN (OLD.assigned_lawyer_id IS DISTINCT FROM NEW.assigned_lawyer_id)
  EXECUTE FUNCTION case_chat_summary_lawyer_change();

CREATE FUNCTION case_chat_summary_new_message() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO case_chat_summaries AS s
    (case_id, lawyer_id, last_message_id, last_message_at, last_sender_id, last_excerpt, last_file_name)
  SELECT c.id, c.assigned_lawyer_id, NEW.id, NEW.created_at, NEW.sender_id, chat_excerpt(NEW.message), NEW.file_name
  FROM cases c WHERE c.id = NEW.case_id
  ON CONFLICT (case_id) DO UPDATE SET
    last_message_id = EXCLUDED.last_message_id,
    last_message_at = EXCLUDED.last_message_at,
    last_sender_id = EXCLUDED.last_sender_id,
    last_excerpt = EXCLUDED.last_excerpt,
    last_file_name = EXCLUDED.last_file_name
  WHERE s.last_message_at IS NULL
     OR (EXCLUDED.last_message_at, EXCLUDED.last_message_id) >= (s.last_message_at, s.last_message_id);
  RETURN NULL;
END;
$$;
CREATE TRIGGER case_chat_messages_summary AFTER INSERT ON case_chat_messages
  FOR EACH ROW EXECUTE FUNCTION case_chat_summary_new_message();

INSERT INTO case_chat_summaries (case_id, lawyer_id, last_message_id, last_message_at, last_sender_id, last_excerpt, last_file_name)
SELECT c.id, c.assigned_lawyer_id, m.id, m.created_at, m.sender_id, chat_excerpt(m.message), m.file_name
FROM cases c
LEFT JOIN LATERAL (
  SELECT id, created_at, sender_id, message, file_name FROM case_chat_messages
  WHERE case_id = c.id ORDER BY created_at DESC, id DESC LIMIT 1
) m ON true;

-- An open burst of unread messages per conversation and recipient: one email notice per burst. The row is made
-- by the first unread message, its job sends the notice after CHAT_NOTIFY_DELAY_MINUTES, and reading the
-- conversation deletes it (and the job if it has not run), so the next message opens a new burst.
CREATE TABLE chat_unread_notices (
  case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  recipient_id text NOT NULL REFERENCES profiles (id) ON DELETE CASCADE,
  first_message_id uuid NOT NULL,
  job_id bigint REFERENCES jobs (id) ON DELETE SET NULL,
  due_at timestamptz NOT NULL,
  sent_at timestamptz,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (case_id, recipient_id)
);
