-- Issue 36: the month's files sent to the accountant by e-mail. One row per request: the XML ZIP of the export queue
-- (relatorios) and the SPED/Sintegra files generated for the same branch and month, sent by a job of the jobs table
-- (never inside a transaction). Files too large to attach travel as a download link: its token stored hashed (like
-- the recovery link), valid for a week.
SELECT create_tenant_table('exportacoes_envios', $$
  user_id integer NOT NULL,
  filial_id integer NOT NULL,
  relatorio_id integer NOT NULL,
  email text NOT NULL,
  inicio date NOT NULL,
  fim date NOT NULL,
  -- [{nome, arquivo (storage key), bytes, relatorioId}]: what the e-mail carries, fixed when it is requested
  arquivos jsonb NOT NULL DEFAULT '[]'::jsonb,
  situacao text NOT NULL DEFAULT 'pendente' CHECK (situacao IN ('pendente', 'enviado', 'falhou')),
  modo text CHECK (modo IN ('anexo', 'link')),
  tentativas integer NOT NULL DEFAULT 0,
  ultimo_erro text,
  enviado_em timestamptz,
  token_hash text,
  link_expira_em timestamptz,
  FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE
$$);
CREATE INDEX exportacoes_envios_token ON exportacoes_envios (token_hash) WHERE token_hash IS NOT NULL;
CREATE INDEX exportacoes_envios_recentes ON exportacoes_envios (tenant_id, created_at DESC);

-- NFC-e cancelled at the PDV: the SEFAZ's procEventoNFe is kept (the accountant's ZIP carries it).
ALTER TABLE pdv_vendas ADD COLUMN IF NOT EXISTS evento_cancelamento_arquivo text;
