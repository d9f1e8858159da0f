-- A code from an authenticator app is accepted once (decision 64): the last accepted time step (Unix time / 30 s)
-- of each account's TOTP secret. A code is refused unless its step is later; a new secret (a new row) starts empty.
ALTER TABLE "twoFactor" ADD COLUMN last_totp_step integer;
