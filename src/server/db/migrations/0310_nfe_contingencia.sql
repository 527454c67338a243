-- NF-e in contingency (issue 17): how each note was issued (tpEmis 1 normal, 6/7 SVC-AN/SVC-RS, 4 EPEC) and, for
-- the contingency ones, the authoriser, the reason and when it began. An EPEC note keeps its number and waits in
-- status 'contingencia' until it is sent to the normal authoriser ('Transmitir pendentes').
ALTER TABLE notas_fiscais ADD COLUMN tipo_emissao smallint NOT NULL DEFAULT 1;
ALTER TABLE notas_fiscais ADD COLUMN contingencia jsonb;
ALTER TABLE notas_fiscais DROP CONSTRAINT IF EXISTS notas_fiscais_status_check;
ALTER TABLE notas_fiscais ADD CONSTRAINT notas_fiscais_status_check
  CHECK (status IN ('rascunho', 'rejeitada', 'autorizada', 'cancelada', 'denegada', 'contingencia'));
CREATE INDEX notas_fiscais_contingencia ON notas_fiscais (tenant_id, filial_id) WHERE status = 'contingencia';
