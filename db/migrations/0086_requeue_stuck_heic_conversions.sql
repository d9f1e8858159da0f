-- Issue 27, item 6 (decision 65). A HEIC photo whose conversion job failed for good (out of attempts, or a worker that
-- died each time) stayed 'converting' for ever; one that could not be decoded became 'failed' with its original
-- (EXIF, GPS) kept in the store. Each gets one more conversion job: a converting photo converts or ends 'failed', and
-- a failed one has its original deleted (the handler's cleanup is idempotent).
INSERT INTO jobs (kind, payload, max_attempts)
SELECT 'files.convert-heic', jsonb_build_object('fileId', f.id::text), 3
FROM stored_files f
WHERE (f.status = 'converting' OR (f.status = 'failed' AND f.media_type IN ('image/heic', 'image/heif')))
  AND NOT EXISTS (
    SELECT 1 FROM jobs j
    WHERE j.kind = 'files.convert-heic' AND j.status IN ('queued', 'running') AND j.payload->>'fileId' = f.id::text
  );
