-- Idempotency keys remember which request they answered (SHA-256 of method,
-- path and body), so a reused key with another body is refused (422), and
-- anonymous keys can be looked up across client addresses by key.
ALTER TABLE idempotency_keys ADD COLUMN fingerprint text;
CREATE INDEX idempotency_keys_key ON idempotency_keys (key);
