-- Issue 32, part 2: the documents the assigned lawyer asks the client for, as a checklist on the case page
-- (decision 85). Each item is requested, then provided (an evidence file linked to it), or answered "je ne l'ai
-- pas" with a reason, and closed when the lawyer accepts it. Every change of state is stamped and kept by the
-- database.

CREATE TABLE case_document_requests (
  id uuid PRIMARY KEY DEFAULT gen_random_uuid(),
  case_id uuid NOT NULL REFERENCES cases (id) ON DELETE CASCADE,
  -- One of the listed documents (English value, French label in document-requests.schema.ts), or 'other'.
  kind text NOT NULL CHECK (kind IN ('bank_statement', 'scammer_exchanges', 'complaint_receipt', 'identity_document', 'transfer_proof', 'other')),
  -- What the client reads: the listed document's label, or the lawyer's own words for 'other'.
  label text NOT NULL CHECK (length(label) BETWEEN 1 AND 120),
  note text NOT NULL DEFAULT '' CHECK (length(note) <= 1000),
  due_on date,
  status text NOT NULL DEFAULT 'requested' CHECK (status IN ('requested', 'provided', 'unavailable', 'accepted')),
  unavailable_reason text CHECK (length(unavailable_reason) BETWEEN 1 AND 500),
  requested_by text NOT NULL,
  requested_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- Who made the last change of state (the trigger stamps when, and writes the history).
  status_changed_by text NOT NULL,
  status_changed_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  -- The one reminder before the due date: set in the transaction that queues the e-mail (never sent twice).
  reminder_sent_at timestamptz,
  CHECK ((status = 'unavailable') = (unavailable_reason IS NOT NULL))
);
CREATE INDEX case_document_requests_case ON case_document_requests (case_id, requested_at);
-- The reminder job and the lawyer's overdue count read the open items by due date.
CREATE INDEX case_document_requests_due ON case_document_requests (due_on) WHERE status = 'requested' AND due_on IS NOT NULL;

CREATE TABLE case_document_request_events (
  id bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  request_id uuid NOT NULL REFERENCES case_document_requests (id) ON DELETE CASCADE,
  to_status text NOT NULL,
  changed_by text NOT NULL,
  reason text,
  at timestamptz NOT NULL DEFAULT clock_timestamp()
);
CREATE INDEX case_document_request_events_request ON case_document_request_events (request_id, id);

-- An accepted item is closed: nothing changes it any more. A change of state is timed by the database and written
-- to the history; the item's words (kind, label, note, due date) and its author never change.
CREATE FUNCTION check_case_document_request() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    IF NEW.status <> 'requested' OR NEW.reminder_sent_at IS NOT NULL THEN
      RAISE EXCEPTION 'une demande de document commence à l''état demandé' USING ERRCODE = 'check_violation';
    END IF;
    NEW.requested_at := clock_timestamp();
    NEW.status_changed_at := NEW.requested_at;
    RETURN NEW;
  END IF;
  IF OLD.status = 'accepted' THEN
    RAISE EXCEPTION 'une demande de document acceptée est close' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF (NEW.id, NEW.case_id, NEW.kind, NEW.label, NEW.note, NEW.due_on, NEW.requested_by, NEW.requested_at)
     IS DISTINCT FROM (OLD.id, OLD.case_id, OLD.kind, OLD.label, OLD.note, OLD.due_on, OLD.requested_by, OLD.requested_at) THEN
    RAISE EXCEPTION 'une demande de document ne se modifie pas : seul son état change' USING ERRCODE = 'insufficient_privilege';
  END IF;
  IF NEW.status IS DISTINCT FROM OLD.status THEN
    NEW.status_changed_at := clock_timestamp();
  ELSE
    NEW.status_changed_at := OLD.status_changed_at;
  END IF;
  RETURN NEW;
END;
$$;
CREATE TRIGGER case_document_requests_rules BEFORE INSERT OR UPDATE ON case_document_requests
  FOR EACH ROW EXECUTE FUNCTION check_case_document_request();

CREATE FUNCTION record_case_document_request_event() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' OR NEW.status IS DISTINCT FROM OLD.status THEN
    INSERT INTO case_document_request_events (request_id, to_status, changed_by, reason, at)
    VALUES (NEW.id, NEW.status, NEW.status_changed_by, NEW.unavailable_reason, NEW.status_changed_at);
  END IF;
  RETURN NULL;
END;
$$;
CREATE TRIGGER case_document_requests_history AFTER INSERT OR UPDATE ON case_document_requests
  FOR EACH ROW EXECUTE FUNCTION record_case_document_request_event();

-- A file the client sends against an item is ordinary evidence, linked to it.
ALTER TABLE case_evidence ADD COLUMN document_request_id uuid REFERENCES case_document_requests (id) ON DELETE SET NULL;
CREATE INDEX case_evidence_document_request ON case_evidence (document_request_id) WHERE document_request_id IS NOT NULL;

INSERT INTO email_templates (key, name, subject, body, variables) VALUES
(
  'document-demande',
  'Document demandé au client par son avocat',
  'Dossier {{numero_dossier}} : votre avocat vous demande un document',
  E'Bonjour {{prenom}},\n\n{{avocat}} vous demande le document suivant pour votre dossier {{numero_dossier}}\u202f: {{document}}.{{echeance}}\n\nVous pouvez l''envoyer depuis la page du dossier, ou indiquer que vous ne l''avez pas.\n\nVoir mon dossier\u202f: {{lien}}',
  ARRAY['prenom', 'avocat', 'numero_dossier', 'document', 'echeance', 'lien']
),
(
  'document-fourni',
  'Document fourni par le client',
  'Dossier {{numero_dossier}} : votre client a envoyé un document demandé',
  E'Bonjour {{prenom}},\n\nVotre client a envoyé un fichier pour le document demandé «\u202f{{document}}\u202f» dans le dossier {{numero_dossier}}. Vous pouvez le consulter et l''accepter sur la page du dossier.\n\nVoir le dossier\u202f: {{lien}}',
  ARRAY['prenom', 'numero_dossier', 'document', 'lien']
),
(
  'document-indisponible',
  'Document demandé que le client n''a pas',
  'Dossier {{numero_dossier}} : votre client n''a pas un document demandé',
  E'Bonjour {{prenom}},\n\nVotre client indique ne pas avoir le document demandé «\u202f{{document}}\u202f» dans le dossier {{numero_dossier}}. Sa raison est sur la page du dossier, où vous pouvez accepter sa réponse ou lui redemander le document.\n\nVoir le dossier\u202f: {{lien}}',
  ARRAY['prenom', 'numero_dossier', 'document', 'lien']
),
(
  'document-echeance-proche',
  'Rappel : document demandé attendu dans deux jours',
  'Dossier {{numero_dossier}} : un document est attendu le {{echeance}}',
  E'Bonjour {{prenom}},\n\nVotre avocat attend le document «\u202f{{document}}\u202f» pour votre dossier {{numero_dossier}} au plus tard le {{echeance}}. Vous pouvez l''envoyer depuis la page du dossier, ou indiquer que vous ne l''avez pas.\n\nVoir mon dossier\u202f: {{lien}}',
  ARRAY['prenom', 'numero_dossier', 'document', 'echeance', 'lien']
);
