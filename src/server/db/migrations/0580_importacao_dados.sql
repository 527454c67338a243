-- Issue 40 item 4: importação de dados (configuracoes/importacao-de-dados). One row per uploaded file: the rows read
-- from the CSV/XLSX (linhas: an array of arrays of text, the header apart in cabecalho), the column mapping the user
-- confirmed (kept: the next file of the same kind with the same header reuses it, the "template"), the preview's
-- counts, and the outcome. resultado.criados lists the records made ({linha, id}), for the report and the undo.
SELECT create_tenant_table('importacoes', $$
  tipo text NOT NULL CHECK (tipo IN ('clientes', 'fornecedores', 'transportadores', 'produtos')),
  nome_arquivo text NOT NULL,
  cabecalho text[] NOT NULL,
  linhas jsonb NOT NULL,
  total integer NOT NULL,
  mapeamento jsonb,
  modo text CHECK (modo IN ('tudo', 'validas')),
  situacao text NOT NULL DEFAULT 'analisada' CHECK (situacao IN ('analisada', 'importando', 'concluida', 'falhou', 'desfeita')),
  importadas integer NOT NULL DEFAULT 0,
  ignoradas integer NOT NULL DEFAULT 0,
  com_erro integer NOT NULL DEFAULT 0,
  resultado jsonb,
  erro text,
  usuario_id integer NOT NULL,
  concluida_em timestamptz
$$);
ALTER TABLE importacoes ADD FOREIGN KEY (tenant_id, usuario_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE;
CREATE INDEX importacoes_modelo ON importacoes (tenant_id, tipo, created_at DESC);

-- Issue 40 item 2: secret rotation. The new secret signs at once; the previous one keeps signing too (a second v1
-- signature in webhook-signature, as Standard Webhooks allows) until segredo_anterior_ate, so receivers can switch.
ALTER TABLE webhook_endpoints ADD COLUMN segredo_anterior text, ADD COLUMN segredo_anterior_ate timestamptz;
