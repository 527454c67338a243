-- Issue 38: the Pix webhook secret (the part of the PSP's callback address that names the configuration) was kept
-- in plain text. It is now encrypted at rest like the bank token and the PSP client secret (AES-256-GCM with the
-- server's CERTIFICADO_CHAVE, src/server/cifra.ts): the key lives outside the database, so SQL cannot encrypt the
-- rows already saved; the server does it once on start (cifrarSegredosAntigos, as for the other secrets) and reads
-- a plain value as it is until then. An encrypted value has a random IV, so the webhook finds its configuration by
-- the secret's SHA-256 (hex), computed here for the rows already saved.
ALTER TABLE boletos_automacao ADD COLUMN webhook_segredo_hash text;
UPDATE boletos_automacao SET webhook_segredo_hash = encode(sha256(convert_to(webhook_segredo, 'UTF8')), 'hex');
ALTER TABLE boletos_automacao ALTER COLUMN webhook_segredo_hash SET NOT NULL;
DROP INDEX boletos_automacao_webhook;
CREATE INDEX boletos_automacao_webhook ON boletos_automacao (webhook_segredo_hash);
