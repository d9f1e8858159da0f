-- Issue 31 follow-up (decision 0081): invoices and credit notes are kept 10 years from the close of the accounting
-- year of issue (Code de commerce L123-22; the accounting year is the calendar year, in Paris time), then purged by
-- the retention job. The client is told by e-mail when an invoice or a credit note is issued in their case.

-- The first instant still under retention at `at`: 1 January 00:00 (Paris) of the year ten years before `at`'s year.
-- An invoice issued in 2015 is kept until 31 December 2025 and may go from 1 January 2026.
CREATE FUNCTION invoice_retention_cutoff(at timestamptz) RETURNS timestamptz LANGUAGE sql STABLE AS $$
  SELECT make_timestamp(extract(year FROM at AT TIME ZONE 'Europe/Paris')::int - 10, 1, 1, 0, 0, 0) AT TIME ZONE 'Europe/Paris'
$$;

-- The purge may delete a row only once its retention is over: issued before 1 January of (this year - 10), Paris
-- time. Any other DELETE, and every UPDATE, is still refused: an issued invoice is cancelled by a credit note.
CREATE OR REPLACE FUNCTION refuse_invoice_change() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' AND OLD.issued_at < invoice_retention_cutoff(now()) THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'une facture émise ne se modifie pas et ne se supprime pas : émettez un avoir' USING ERRCODE = 'insufficient_privilege';
END;
$$;

-- Each issuer has its own series (decision 0081): two lawyers both issue F-<year>-000001. The number is unique per
-- issuer, not across issuers (the global UNIQUE refused the second lawyer's first invoice).
ALTER TABLE invoices DROP CONSTRAINT invoices_number_key;
ALTER TABLE invoices ADD CONSTRAINT invoices_issuer_number_key UNIQUE (issuer_id, number);

INSERT INTO email_templates (key, name, subject, body, variables) VALUES
(
  'facture-emise',
  'Facture d''honoraires émise dans le dossier',
  'Dossier {{numero_dossier}} : une facture d''honoraires est disponible',
  E'Bonjour {{prenom}},\n\n{{avocat}} a émis la facture {{numero_facture}} dans votre dossier {{numero_dossier}}. Vous la trouverez, avec son détail, sur la page des factures du dossier, où vous pouvez la télécharger.\n\nUne question sur cette facture\u202f? Écrivez à votre avocat dans la messagerie du dossier.\n\nVoir mes factures\u202f: {{lien}}',
  ARRAY['prenom', 'avocat', 'numero_facture', 'numero_dossier', 'lien']
),
(
  'avoir-emis',
  'Avoir émis dans le dossier (facture annulée)',
  'Dossier {{numero_dossier}} : un avoir annule la facture {{numero_facture}}',
  E'Bonjour {{prenom}},\n\n{{avocat}} a émis l''avoir {{numero_avoir}}, qui annule la facture {{numero_facture}} de votre dossier {{numero_dossier}}. Vous le trouverez sur la page des factures du dossier, où vous pouvez le télécharger.\n\nUne question\u202f? Écrivez à votre avocat dans la messagerie du dossier.\n\nVoir mes factures\u202f: {{lien}}',
  ARRAY['prenom', 'avocat', 'numero_avoir', 'numero_facture', 'numero_dossier', 'lien']
);
