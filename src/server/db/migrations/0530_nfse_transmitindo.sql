-- NFS-e in two phases (issue 34): faturar's transaction numbers the DPS, signs it with its fixed id and keeps it
-- here 'transmitindo' (the signed DPS in dps_xml, what a resend after a crash sends again, byte for byte); the
-- Sefin Nacional (ADN) is called after the commit; a second transaction records its answer once: 'autorizada' with
-- the key, number and stored XML, or 'rejeitada' with the national codes (the row stays, with its DPS number: a
-- refused DPS is a fact of the series, never deleted; the order's faturamento is reversed by its compensating
-- transition). Key, NFS-e number, authorisation date and XML exist only once the ADN authorised.
ALTER TABLE notas_servico DROP CONSTRAINT IF EXISTS notas_servico_situacao_check;
ALTER TABLE notas_servico ADD CONSTRAINT notas_servico_situacao_check CHECK (situacao IN ('transmitindo', 'autorizada', 'rejeitada', 'cancelando', 'cancelada'));
ALTER TABLE notas_servico ALTER COLUMN chave DROP NOT NULL;
ALTER TABLE notas_servico ALTER COLUMN numero_nfse DROP NOT NULL;
ALTER TABLE notas_servico ALTER COLUMN data_autorizacao DROP NOT NULL;
ALTER TABLE notas_servico ALTER COLUMN arquivo_xml DROP NOT NULL;
ALTER TABLE notas_servico ADD COLUMN IF NOT EXISTS dps_xml text;
ALTER TABLE notas_servico ADD COLUMN IF NOT EXISTS rejeicao jsonb;
-- The cancellation (e101101) in the same two phases: 'cancelando' with the signed request kept here (motivo,
-- justificativa, the request XML, the order whose cancel asked for it) until the ADN's answer is recorded.
ALTER TABLE notas_servico ADD COLUMN IF NOT EXISTS cancelamento jsonb;
ALTER TABLE notas_servico ADD CONSTRAINT notas_servico_cancelando_assinado CHECK (situacao <> 'cancelando' OR cancelamento IS NOT NULL);
ALTER TABLE notas_servico ADD CONSTRAINT notas_servico_autorizada_completa
  CHECK (situacao NOT IN ('autorizada', 'cancelando', 'cancelada') OR (chave IS NOT NULL AND numero_nfse IS NOT NULL AND data_autorizacao IS NOT NULL AND arquivo_xml IS NOT NULL));
ALTER TABLE notas_servico ADD CONSTRAINT notas_servico_transmitindo_com_dps CHECK (situacao <> 'transmitindo' OR dps_xml IS NOT NULL);
-- What the recovery (start-up and the periodic job) settles: the DPS and cancellations still on their way.
CREATE INDEX notas_servico_transmitindo ON notas_servico (tenant_id, updated_at) WHERE situacao IN ('transmitindo', 'cancelando');

ALTER TABLE notas_servico_eventos DROP CONSTRAINT IF EXISTS notas_servico_eventos_tipo_check;
ALTER TABLE notas_servico_eventos ADD CONSTRAINT notas_servico_eventos_tipo_check CHECK (tipo IN ('autorizacao', 'rejeicao', 'cancelamento'));
