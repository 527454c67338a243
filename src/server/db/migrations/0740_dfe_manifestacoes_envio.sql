-- Issue 34: the outbox of the manifestações do destinatário (ciência, confirmação, desconhecimento, operação não
-- realizada). Transaction 1 writes the signed event here with its fixed identity (the note's key + tpEvento +
-- nSeqEvento + dhEvento) as 'transmitindo' and enqueues its job; the Ambiente Nacional is called after the commit with
-- no transaction open; transaction 2 records the answer once (situacao leaves 'transmitindo' exactly once, and only
-- then is the registered event appended to dfe_eventos). A crash leaves the row 'transmitindo': the recovery (at start
-- and by the job) asks SEFAZ by the note's key and adopts the event it holds, or sends the same signed XML again.
SELECT create_tenant_table('dfe_manifestacoes_envio', $$
  filial_id integer NOT NULL,
  dfe_id integer NOT NULL,
  -- 'ciencia' | 'confirmacao' | 'desconhecimento' | 'naoRealizada'
  tipo text NOT NULL CHECK (tipo IN ('ciencia', 'confirmacao', 'desconhecimento', 'naoRealizada')),
  tipo_evento text NOT NULL,
  sequencia smallint NOT NULL DEFAULT 1,
  justificativa text,
  -- the signed event sent (and sent again, unchanged, by the recovery)
  xml text NOT NULL,
  ambiente smallint NOT NULL,
  -- 'transmitindo' → 'registrado' | 'rejeitado'
  situacao text NOT NULL DEFAULT 'transmitindo' CHECK (situacao IN ('transmitindo', 'registrado', 'rejeitado')),
  cstat text,
  motivo text,
  usuario_id integer,
  FOREIGN KEY (tenant_id, filial_id) REFERENCES branches(tenant_id, id),
  FOREIGN KEY (tenant_id, dfe_id) REFERENCES dfe_documentos(tenant_id, id)
$$);
-- One live intent per event identity (a refused one may be tried again).
CREATE UNIQUE INDEX dfe_manifestacoes_envio_identidade ON dfe_manifestacoes_envio (tenant_id, dfe_id, tipo_evento, sequencia) WHERE situacao <> 'rejeitado';
CREATE INDEX dfe_manifestacoes_envio_pendentes ON dfe_manifestacoes_envio (situacao, updated_at) WHERE situacao = 'transmitindo';
REVOKE DELETE ON dfe_manifestacoes_envio FROM retaguarda_app;
