-- Tributações federais (IPI, PIS, COFINS) of a perfil tributário, versioned by vigencia_inicio.
SELECT create_tenant_table('tributacoes_federais', $$
  perfil_tributario_id integer NOT NULL,
  vigencia_inicio date NOT NULL,
  cst_ipi text,
  aliquota_ipi numeric(7,2),
  enquadramento_ipi text,
  cst_pis text NOT NULL,
  aliquota_pis numeric(7,2),
  cst_cofins text NOT NULL,
  aliquota_cofins numeric(7,2),
  observacao text,
  FOREIGN KEY (tenant_id, perfil_tributario_id) REFERENCES perfis_tributarios(tenant_id, id) ON DELETE CASCADE
$$);
CREATE UNIQUE INDEX tributacoes_federais_vigencia ON tributacoes_federais (tenant_id, perfil_tributario_id, vigencia_inicio);
