-- Distribuição DF-e and manifestação do destinatário (issue 17 item 5): the NF-e issued against a branch's CNPJ,
-- pulled from the Ambiente Nacional by NSU, and the events the branch registered on them.

-- Per branch (its CNPJ): the last NSU read, the highest NSU SEFAZ reported, and until when SEFAZ asked to wait
-- (cStat 137 "nothing new" or 656 "consumo indevido": one hour), so nobody knocks again before that.
SELECT create_tenant_table('dfe_controle', $$
  filial_id integer NOT NULL,
  cnpj text NOT NULL,
  ult_nsu bigint NOT NULL DEFAULT 0,
  max_nsu bigint NOT NULL DEFAULT 0,
  aguardar_ate timestamptz,
  ultima_consulta timestamptz,
  ultimo_cstat text,
  ultimo_motivo text,
  -- the demo's notes waiting for manifestação are issued to the local SEFAZ at the first consultation
  demo_pendente boolean NOT NULL DEFAULT false,
  UNIQUE (tenant_id, filial_id),
  FOREIGN KEY (tenant_id, filial_id) REFERENCES branches(tenant_id, id)
$$);

-- One row per NF-e of interest to the branch (by access key): the summary first (resNFe), the full nfeProc
-- (kept in the file storage) after the ciência; the manifestação reached; the purchase entry launched from it.
SELECT create_tenant_table('dfe_documentos', $$
  filial_id integer NOT NULL,
  chave text NOT NULL CHECK (chave ~ '^\d{44}$'),
  nsu bigint,
  emitente_cnpj text NOT NULL,
  emitente_nome text NOT NULL,
  emitente_ie text,
  valor numeric(15,2) NOT NULL DEFAULT 0,
  data_emissao timestamptz,
  tipo_nf smallint NOT NULL DEFAULT 1,
  protocolo text,
  -- 1 autorizada, 2 denegada, 3 cancelada (cSitNFe)
  situacao_nfe smallint NOT NULL DEFAULT 1,
  manifestacao text NOT NULL DEFAULT 'pendente' CHECK (manifestacao IN ('pendente', 'ciencia', 'confirmada', 'desconhecida', 'nao_realizada')),
  arquivo_xml text,
  entrada_id integer,
  UNIQUE (tenant_id, filial_id, chave),
  FOREIGN KEY (tenant_id, filial_id) REFERENCES branches(tenant_id, id)
$$);
CREATE INDEX dfe_documentos_lista ON dfe_documentos (tenant_id, filial_id, data_emissao DESC);

-- The events sent (append-only): each manifestação with SEFAZ's answer and, when registered, its procEventoNFe.
SELECT create_tenant_table('dfe_eventos', $$
  dfe_id integer NOT NULL,
  tipo_evento text NOT NULL,
  sequencia smallint NOT NULL DEFAULT 1,
  justificativa text,
  cstat text NOT NULL,
  motivo text NOT NULL,
  protocolo text,
  arquivo_xml text,
  usuario_id integer,
  FOREIGN KEY (tenant_id, dfe_id) REFERENCES dfe_documentos(tenant_id, id)
$$);
CREATE INDEX dfe_eventos_doc ON dfe_eventos (tenant_id, dfe_id);
REVOKE UPDATE, DELETE ON dfe_eventos FROM retaguarda_app;

-- Files the demo seed produced (XML of the demo's purchase entries) before any file storage existed: each server
-- copies one into its storage the first time it is asked for.
SELECT create_tenant_table('arquivos_demo', $$
  chave_arquivo text NOT NULL,
  conteudo text NOT NULL,
  tipo_conteudo text NOT NULL DEFAULT 'application/xml',
  UNIQUE (tenant_id, chave_arquivo)
$$);

-- The return NF-e (finalidade 4) issued for a purchase entry (devolução ao fornecedor, issue 20 item 3).
SELECT create_tenant_table('devolucoes_fornecedor_nfe', $$
  entrada_id integer NOT NULL,
  nota_id integer NOT NULL,
  UNIQUE (tenant_id, nota_id),
  FOREIGN KEY (tenant_id, entrada_id) REFERENCES documentos(tenant_id, id),
  FOREIGN KEY (tenant_id, nota_id) REFERENCES notas_fiscais(tenant_id, id)
$$);
CREATE INDEX devolucoes_fornecedor_nfe_entrada ON devolucoes_fornecedor_nfe (tenant_id, entrada_id);
