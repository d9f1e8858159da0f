-- Case chat (issue 13): one per-database event sequence orders messages and read receipts. Both writers lock the
-- case row first and only then draw from the sequence, so within a case the sequence follows commit order and
-- an event stream can replay "everything after N" without a gap (decision 0035).
CREATE SEQUENCE case_chat_event_seq;

ALTER TABLE case_chat_messages
  ADD COLUMN seq bigint NOT NULL DEFAULT nextval('case_chat_event_seq'),
  ADD COLUMN read_at timestamptz,
  ADD COLUMN read_seq bigint,
  ADD COLUMN file_id uuid UNIQUE REFERENCES stored_files (id) ON DELETE RESTRICT;
ALTER SEQUENCE case_chat_event_seq OWNED BY case_chat_messages.seq;
ALTER TABLE case_chat_messages ADD CONSTRAINT case_chat_messages_seq_key UNIQUE (seq);

-- A message is text, a file, or both; the file's name goes with it. file_path (the spec's column) is unused.
ALTER TABLE case_chat_messages DROP CONSTRAINT IF EXISTS case_chat_messages_check;
ALTER TABLE case_chat_messages DROP CONSTRAINT IF EXISTS case_chat_messages_check1;
ALTER TABLE case_chat_messages ADD CONSTRAINT case_chat_messages_content_check
  CHECK (length(btrim(message)) > 0 OR file_id IS NOT NULL);
ALTER TABLE case_chat_messages ADD CONSTRAINT case_chat_messages_file_pair_check
  CHECK ((file_name IS NULL) = (file_id IS NULL));

-- The thread, newest first, 50 at a time (keyset on created_at, id).
DROP INDEX case_chat_messages_case_created_idx;
CREATE INDEX case_chat_messages_thread_idx ON case_chat_messages (case_id, created_at DESC, id DESC);
-- Event replay: messages and read receipts after a stream's last event.
CREATE INDEX case_chat_messages_case_seq_idx ON case_chat_messages (case_id, seq);
CREATE INDEX case_chat_messages_case_read_seq_idx ON case_chat_messages (case_id, read_seq) WHERE read_seq IS NOT NULL;
