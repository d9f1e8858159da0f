-- The wizard offers every scam type the landing pages explain (issue 29): five values are added, none removed or
-- renamed, so every stored case keeps its type.
ALTER TABLE cases DROP CONSTRAINT cases_scam_type_check;
ALTER TABLE cases ADD CONSTRAINT cases_scam_type_check CHECK (scam_type IN ('romance_scam', 'investment_scam',
  'fake_website', 'phishing', 'cryptocurrency_scam', 'fake_job_offer', 'technical_support_scam', 'lottery_scam', 'other',
  'fake_investment', 'fake_bank_advisor', 'ceo_fraud', 'ponzi_scheme', 'identity_theft'));
