-- One trigram index over a person's email and names together: a search for an email, a name or "prénom nom" is one
-- index scan, where three ORed ILIKEs led the planner to read every profile (bench:cases, decision 30).
CREATE INDEX profiles_search_trgm_idx ON profiles
  USING gin ((email || ' ' || first_name || ' ' || last_name) gin_trgm_ops);
