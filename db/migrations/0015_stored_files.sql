-- Every uploaded file: the encrypted object's random name in the store, the wrapped data key that opens it and the
-- id of the master key that wraps it (so keys can rotate by re-wrapping rows only), and what the upload pipeline
-- learnt about it. No plaintext byte of a file is ever in this table; the original name is sanitised metadata.
CREATE TABLE stored_files (
  id uuid PRIMARY KEY,
  owner_id text NOT NULL REFERENCES "user" (id) ON DELETE CASCADE,
  object_name text NOT NULL UNIQUE CHECK (object_name ~ '^[a-z0-9]{20,64}$'),
  original_name text NOT NULL CHECK (length(original_name) BETWEEN 1 AND 255),
  media_type text NOT NULL CHECK (media_type IN ('image/jpeg', 'image/png', 'image/heic', 'image/heif', 'application/pdf')),
  -- Plaintext size of the stored object (what a download sends).
  size_bytes bigint NOT NULL CHECK (size_bytes > 0 AND size_bytes <= 31457280),
  key_id text NOT NULL CHECK (length(key_id) BETWEEN 1 AND 64),
  wrapped_key bytea NOT NULL CHECK (length(wrapped_key) = 60),
  nonce_prefix bytea NOT NULL CHECK (length(nonce_prefix) = 7),
  segment_bytes integer NOT NULL CHECK (segment_bytes BETWEEN 1024 AND 16777216),
  -- 'converting': a HEIC photo kept encrypted as sent until the conversion job replaces it with a JPEG.
  status text NOT NULL DEFAULT 'ready' CHECK (status IN ('ready', 'converting', 'failed')),
  warnings text[] NOT NULL DEFAULT '{}',
  width integer CHECK (width > 0),
  height integer CHECK (height > 0),
  page_count integer CHECK (page_count > 0),
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX stored_files_owner_idx ON stored_files (owner_id, created_at DESC);
CREATE INDEX stored_files_key_id_idx ON stored_files (key_id);
CREATE TRIGGER stored_files_updated_at BEFORE UPDATE ON stored_files FOR EACH ROW EXECUTE FUNCTION set_updated_at();
