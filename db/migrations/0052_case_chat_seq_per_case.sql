-- The global unique index on seq (0051) led the planner to walk it backwards for "latest position of a case",
-- filtering millions of rows when the case's messages are old. Positions come from one sequence, so they are unique
-- without it; the per-case index (case_id, seq) serves every query.
ALTER TABLE case_chat_messages DROP CONSTRAINT IF EXISTS case_chat_messages_seq_key;
