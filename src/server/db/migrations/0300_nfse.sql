-- NFS-e through the national standard (Emissor Nacional / Sefin Nacional, DPS layout 1.00), issue 17 item 7.

-- The service product's national taxation: cTribNac (6 digits of the national list), the municipality where the
-- ISSQN is due (empty = the branch's), the ISS rate (2% to 5%, LC 116 art. 8 and 8-A) and who retains it
-- (tpRetISSQN: 1 not retained, 2 retained by the tomador, 3 retained by the intermediário).
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS codigo_tributacao_nacional text CHECK (codigo_tributacao_nacional IS NULL OR codigo_tributacao_nacional ~ '^[0-9]{6}$');
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS municipio_incidencia integer;
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS aliquota_iss numeric(5,2) CHECK (aliquota_iss IS NULL OR aliquota_iss BETWEEN 0 AND 100);
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS retencao_iss smallint CHECK (retencao_iss IS NULL OR retencao_iss IN (1, 2, 3));

-- An authorised NFS-e (a DPS the Sefin Nacional turned into a note): numbers, key, the stored XML; a rejected DPS
-- leaves no row (its faturamento rolls back). Cancelling writes the event row and flips the situação, nothing is
-- deleted.
SELECT create_tenant_table('notas_servico', $$
  filial_id integer NOT NULL,
  pedido_id integer,
  cliente_id integer,
  serie_dps text NOT NULL,
  numero_dps bigint NOT NULL,
  id_dps text NOT NULL,
  chave text NOT NULL,
  numero_nfse bigint NOT NULL,
  situacao text NOT NULL DEFAULT 'autorizada' CHECK (situacao IN ('autorizada', 'cancelada')),
  ambiente smallint NOT NULL CHECK (ambiente IN (1, 2)),
  codigo_tributacao_nacional text NOT NULL,
  descricao text NOT NULL,
  tomador text,
  valor_servico numeric(15,2) NOT NULL,
  aliquota_iss numeric(5,2),
  valor_iss numeric(15,2),
  iss_retido boolean NOT NULL DEFAULT false,
  valor_liquido numeric(15,2) NOT NULL,
  data_emissao timestamptz NOT NULL,
  data_autorizacao timestamptz NOT NULL,
  arquivo_xml text NOT NULL,
  usuario_id integer,
  UNIQUE (tenant_id, chave),
  UNIQUE (tenant_id, filial_id, serie_dps, numero_dps),
  FOREIGN KEY (tenant_id, filial_id) REFERENCES branches(tenant_id, id),
  FOREIGN KEY (tenant_id, cliente_id) REFERENCES pessoas(tenant_id, id)
$$);
CREATE INDEX notas_servico_pedido ON notas_servico (tenant_id, pedido_id);
CREATE INDEX notas_servico_data ON notas_servico (tenant_id, filial_id, data_emissao DESC);

-- Events of a note (authorisation, cancellation e101101): append-only, each with its XML in the file storage.
SELECT create_tenant_table('notas_servico_eventos', $$
  nota_id integer NOT NULL,
  tipo text NOT NULL CHECK (tipo IN ('autorizacao', 'cancelamento')),
  codigo_motivo smallint,
  motivo text,
  arquivo_xml text,
  usuario_id integer,
  FOREIGN KEY (tenant_id, nota_id) REFERENCES notas_servico(tenant_id, id)
$$);
CREATE INDEX notas_servico_eventos_nota ON notas_servico_eventos (tenant_id, nota_id);

-- The demo branch: its service orders waiting for faturamento are faturados (and their NFS-e issued at the local
-- ADN, with the storage and certificate of the server that does it) the first time a server lists the notes.
ALTER TABLE configuracoes_nfe ADD COLUMN IF NOT EXISTS nfse_demo boolean NOT NULL DEFAULT false;
