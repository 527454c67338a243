-- Tributações estaduais (ICMS) of a perfil tributário per origin/destination UF. A change of law is a new row
-- with a later vigencia_inicio; one row per key and start date.
SELECT create_tenant_table('tributacoes_estaduais', $$
  perfil_tributario_id integer NOT NULL,
  uf_origem text NOT NULL,
  uf_destino text NOT NULL,
  vigencia_inicio date NOT NULL,
  cst_icms text,
  csosn text,
  modalidade_bc integer,
  aliquota_icms numeric(7,2),
  reducao_base numeric(7,2),
  aliquota_credito_sn numeric(7,2),
  modalidade_bc_st integer,
  mva_st numeric(7,2),
  reducao_base_st numeric(7,2),
  aliquota_icms_st numeric(7,2),
  aliquota_fcp numeric(7,2),
  aliquota_fcp_st numeric(7,2),
  aliquota_icms_uf_destino numeric(7,2),
  aliquota_fcp_uf_destino numeric(7,2),
  cfop text,
  observacao text,
  FOREIGN KEY (tenant_id, perfil_tributario_id) REFERENCES perfis_tributarios(tenant_id, id) ON DELETE CASCADE,
  CHECK (cst_icms IS NOT NULL OR csosn IS NOT NULL)
$$);
CREATE UNIQUE INDEX tributacoes_estaduais_vigencia ON tributacoes_estaduais (tenant_id, perfil_tributario_id, uf_origem, uf_destino, vigencia_inicio);
