-- NFC-e replaced by the station's contingency note (NT 2018.004, cancelamento por substituição, evento 110112).
-- A station that gets no answer to an online sale prints an offline contingency NFC-e (tpEmis 9) for it; when the
-- server had in fact authorised the online note, the sale's note becomes the printed one and the online note is
-- recorded here until SEFAZ cancels it by substitution (the event needs the replacing note authorised first, so a
-- row waits 'pendente' while that note is in contingency). Append-only in spirit: a row changes state, never goes.
SELECT create_tenant_table('pdv_nfce_substituidas', $$
  venda_id integer NOT NULL,
  numero integer NOT NULL,
  serie integer NOT NULL,
  chave_acesso text NOT NULL,
  protocolo text NOT NULL,
  ambiente smallint NOT NULL,
  emitida_em timestamptz NOT NULL,
  xml_arquivo text,
  situacao text NOT NULL DEFAULT 'pendente' CHECK (situacao IN ('pendente', 'enviando', 'cancelada', 'erro')),
  motivo text,
  tentativas integer NOT NULL DEFAULT 0,
  protocolo_evento text,
  evento_arquivo text,
  cancelada_em timestamptz,
  FOREIGN KEY (tenant_id, venda_id) REFERENCES pdv_vendas(tenant_id, id)
$$);
CREATE UNIQUE INDEX pdv_nfce_substituidas_chave ON pdv_nfce_substituidas (tenant_id, chave_acesso);
CREATE INDEX pdv_nfce_substituidas_pendentes ON pdv_nfce_substituidas (situacao, updated_at) WHERE situacao IN ('pendente', 'enviando');
