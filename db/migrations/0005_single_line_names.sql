-- Names are single-line text (issue 9): control and format characters, line and paragraph separators become
-- spaces, runs of spaces collapse, ends are trimmed. A name left empty becomes "-" (the columns are NOT NULL);
-- the person can correct it from their profile.
CREATE OR REPLACE FUNCTION pg_temp.single_line(value text) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT COALESCE(NULLIF(btrim(regexp_replace(
    regexp_replace(value, '[\u0001-\u001f\u007f-\u009f\u00ad\u061c\u180e\u200b-\u200f\u2028-\u202e\u2060-\u2064\u206a-\u206f\ufeff\ufff9-\ufffb]', ' ', 'g'),
    ' {2,}', ' ', 'g')), ''), '-')
$$;

UPDATE profiles SET first_name = pg_temp.single_line(first_name)
  WHERE first_name IS DISTINCT FROM pg_temp.single_line(first_name);
UPDATE profiles SET last_name = pg_temp.single_line(last_name)
  WHERE last_name IS DISTINCT FROM pg_temp.single_line(last_name);
UPDATE "user" SET name = pg_temp.single_line(name)
  WHERE name IS DISTINCT FROM pg_temp.single_line(name);

DROP FUNCTION pg_temp.single_line(text);
