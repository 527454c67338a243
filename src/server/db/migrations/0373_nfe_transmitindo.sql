-- NF-e issued in two transactions (issue 17): the first takes the number and keeps the signed note as
-- 'transmitindo', SEFAZ is called with no transaction open, the second records the answer. A number given back by a
-- note SEFAZ did not authorise while a later number was already taken waits in sequencias_filial.devolvidos and is
-- the next one handed out, so a series stays without gaps under concurrency.
ALTER TABLE sequencias_filial ADD COLUMN devolvidos integer[] NOT NULL DEFAULT '{}';
ALTER TABLE notas_fiscais DROP CONSTRAINT IF EXISTS notas_fiscais_status_check;
ALTER TABLE notas_fiscais ADD CONSTRAINT notas_fiscais_status_check
  CHECK (status IN ('rascunho', 'rejeitada', 'transmitindo', 'autorizada', 'cancelada', 'denegada', 'contingencia'));
CREATE INDEX notas_fiscais_transmitindo ON notas_fiscais (tenant_id, updated_at) WHERE status = 'transmitindo';
