-- Cadastros do SPED Fiscal (EFD ICMS/IPI) no menu Configurações > Fiscal: participantes (registro 0150), plano de
-- contas (0500) e itens do inventário (H005/H010), cada um por conta; o valor do item é quantidade × valor unitário.
SELECT create_tenant_table('participantes_sped', $$
  codigo text NOT NULL,
  nome text NOT NULL,
  codigo_pais integer NOT NULL DEFAULT 1058,
  cpf_cnpj text,
  inscricao_estadual text,
  suframa text,
  logradouro text NOT NULL,
  numero text,
  complemento text,
  bairro text,
  uf text,
  codigo_municipio integer,
  ativo boolean NOT NULL DEFAULT true
$$);
CREATE UNIQUE INDEX participantes_sped_codigo ON participantes_sped (tenant_id, codigo);

SELECT create_tenant_table('contas_contabeis_sped', $$
  codigo text NOT NULL,
  nome text NOT NULL,
  natureza text NOT NULL,
  tipo text NOT NULL DEFAULT 'A' CHECK (tipo IN ('A', 'S')),
  nivel integer NOT NULL DEFAULT 1 CHECK (nivel >= 1),
  conta_superior_id integer,
  data_alteracao date NOT NULL,
  ativo boolean NOT NULL DEFAULT true,
  FOREIGN KEY (tenant_id, conta_superior_id) REFERENCES contas_contabeis_sped(tenant_id, id)
$$);
CREATE UNIQUE INDEX contas_contabeis_sped_codigo ON contas_contabeis_sped (tenant_id, codigo);

SELECT create_tenant_table('inventarios_sped', $$
  filial_id integer NOT NULL,
  data_inventario date NOT NULL,
  motivo text NOT NULL DEFAULT '01',
  produto_id integer NOT NULL,
  unidade text NOT NULL,
  quantidade numeric(15,4) NOT NULL CHECK (quantidade > 0),
  valor_unitario numeric(15,2) NOT NULL CHECK (valor_unitario > 0),
  valor_item numeric(15,2) GENERATED ALWAYS AS (round(quantidade * valor_unitario, 2)) STORED,
  propriedade text NOT NULL DEFAULT '0' CHECK (propriedade IN ('0', '1', '2')),
  participante_sped_id integer,
  conta_contabil_sped_id integer,
  observacao text,
  CHECK (propriedade = '0' OR participante_sped_id IS NOT NULL),
  FOREIGN KEY (tenant_id, filial_id) REFERENCES branches(tenant_id, id),
  FOREIGN KEY (tenant_id, produto_id) REFERENCES produtos(tenant_id, id),
  FOREIGN KEY (tenant_id, participante_sped_id) REFERENCES participantes_sped(tenant_id, id),
  FOREIGN KEY (tenant_id, conta_contabil_sped_id) REFERENCES contas_contabeis_sped(tenant_id, id)
$$);
CREATE UNIQUE INDEX inventarios_sped_item ON inventarios_sped (tenant_id, filial_id, data_inventario, produto_id);
