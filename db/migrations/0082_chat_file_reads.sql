-- A lawyer or an admin opening a file the client sent in the case chat is a read of the client's data, listed in
-- 'Qui a consulté mes données' like evidence and identity documents: the partial index of 0075 gains the action.
DROP INDEX staff_audit_log_subject_reads_idx;
CREATE INDEX staff_audit_log_subject_reads_idx ON staff_audit_log ((after ->> 'subjectUserId'), created_at DESC, id DESC)
  WHERE action IN ('document.viewed', 'evidence.viewed', 'chat-file.viewed', 'case.pack-generated', 'case.viewed', 'profile.sensitive-viewed');
