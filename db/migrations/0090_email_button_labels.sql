-- Issue 29: an e-mail's button says what it does. A paragraph that is only a link variable becomes
-- "Label : {{lien}}", whose label the renderer shows on the button (never a generic "Ouvrir le lien"). Templates an
-- administrator has rewritten keep their text where that paragraph is no longer alone.

UPDATE email_templates SET body = regexp_replace(body, '(^|\n\n)\{\{lien\}\}(\n\n|$)', '\1Confirmer mon adresse' || E'\u202f' || ': {{lien}}\2') WHERE key = 'confirmation-email';
UPDATE email_templates SET body = regexp_replace(body, '(^|\n\n)\{\{lien\}\}(\n\n|$)', '\1Réinitialiser mon mot de passe' || E'\u202f' || ': {{lien}}\2') WHERE key = 'reinitialisation-mot-de-passe';
UPDATE email_templates SET body = regexp_replace(body, '(^|\n\n)\{\{lien\}\}(\n\n|$)', '\1Ouvrir mon tableau de bord' || E'\u202f' || ': {{lien}}\2') WHERE key = 'identite-verifiee';
UPDATE email_templates SET body = regexp_replace(body, '(^|\n\n)\{\{lien\}\}(\n\n|$)', '\1Voir le document refusé' || E'\u202f' || ': {{lien}}\2') WHERE key = 'document-rejete';
UPDATE email_templates SET body = regexp_replace(body, '(^|\n\n)\{\{lien\}\}(\n\n|$)', '\1Voir mon dossier' || E'\u202f' || ': {{lien}}\2') WHERE key = 'dossier-soumis';
UPDATE email_templates SET body = regexp_replace(body, '(^|\n\n)\{\{lien\}\}(\n\n|$)', '\1Voir mon dossier' || E'\u202f' || ': {{lien}}\2') WHERE key = 'dossier-assigne';
UPDATE email_templates SET body = regexp_replace(body, '(^|\n\n)\{\{lien\}\}(\n\n|$)', '\1Lire le message' || E'\u202f' || ': {{lien}}\2') WHERE key = 'nouveau-message';
UPDATE email_templates SET body = regexp_replace(body, '(^|\n\n)\{\{lien\}\}(\n\n|$)', '\1Confirmer ma nouvelle adresse' || E'\u202f' || ': {{lien}}\2') WHERE key = 'confirmation-nouvelle-adresse';
UPDATE email_templates SET body = regexp_replace(body, '(^|\n\n)\{\{lien\}\}(\n\n|$)', '\1Voir le dossier' || E'\u202f' || ': {{lien}}\2') WHERE key = 'dossier-confie-avocat';
UPDATE email_templates SET body = regexp_replace(body, '(^|\n\n)\{\{lien\}\}(\n\n|$)', '\1Attribuer le dossier' || E'\u202f' || ': {{lien}}\2') WHERE key = 'dossier-sans-avocat';
UPDATE email_templates SET body = regexp_replace(body, '(^|\n\n)\{\{lien\}\}(\n\n|$)', '\1Voir mon dossier' || E'\u202f' || ': {{lien}}\2') WHERE key = 'dossier-statut';
UPDATE email_templates SET body = regexp_replace(body, '(^|\n\n)\{\{lien\}\}(\n\n|$)', '\1Voir mon dossier' || E'\u202f' || ': {{lien}}\2') WHERE key = 'echeance-banque';
UPDATE email_templates SET body = regexp_replace(body, '(^|\n\n)\{\{lien\}\}(\n\n|$)', '\1Me connecter pour garder mon compte' || E'\u202f' || ': {{lien}}\2') WHERE key = 'compte-inactif';
UPDATE email_templates SET body = regexp_replace(body, '(^|\n\n)\{\{lien\}\}(\n\n|$)', '\1Télécharger mes données' || E'\u202f' || ': {{lien}}\2') WHERE key = 'export-donnees-pret';
UPDATE email_templates SET body = regexp_replace(body, '(^|\n\n)\{\{lien\}\}(\n\n|$)', '\1Voir le dossier' || E'\u202f' || ': {{lien}}\2') WHERE key = 'suppression-compte-dossier-en-cours';
UPDATE email_templates SET body = regexp_replace(body, '(^|\n\n)\{\{lien_connexion\}\}(\n\n|$)', '\1Me connecter' || E'\u202f' || ': {{lien_connexion}}\2') WHERE key = 'tentative-inscription';
UPDATE email_templates SET body = regexp_replace(body, '(^|\n\n)\{\{lien_mot_de_passe\}\}(\n\n|$)', '\1Choisir un nouveau mot de passe' || E'\u202f' || ': {{lien_mot_de_passe}}\2') WHERE key = 'tentative-inscription';
UPDATE email_templates SET body = regexp_replace(body, '(^|\n\n)\{\{lien_mot_de_passe\}\}(\n\n|$)', '\1Choisir un nouveau mot de passe' || E'\u202f' || ': {{lien_mot_de_passe}}\2') WHERE key = 'adresse-email-modifiee';
UPDATE email_templates SET body = regexp_replace(body, '(^|\n\n)\{\{lien_connexion\}\}(\n\n|$)', '\1Me connecter' || E'\u202f' || ': {{lien_connexion}}\2') WHERE key = 'adresse-deja-utilisee';
