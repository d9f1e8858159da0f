-- When the person last accepted the privacy policy and the terms of use, on the profile form:
-- the proof of acceptance the two required boxes of that form stand for.
ALTER TABLE profiles
  ADD COLUMN privacy_policy_accepted_at timestamptz,
  ADD COLUMN terms_accepted_at timestamptz;
