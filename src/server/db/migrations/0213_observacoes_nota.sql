-- Observações da nota: texts for infAdFis (fisco) or infCpl, each on every note or only to a UF / with a perfil.
SELECT create_tenant_table('observacoes_nota', $$
  descricao text NOT NULL,
  texto text NOT NULL,
  fisco boolean NOT NULL DEFAULT false,
  uf_destino text,
  perfil_tributario_id integer,
  ativo boolean NOT NULL DEFAULT true,
  FOREIGN KEY (tenant_id, perfil_tributario_id) REFERENCES perfis_tributarios(tenant_id, id)
$$);
CREATE UNIQUE INDEX observacoes_nota_descricao ON observacoes_nota (tenant_id, lower(descricao));
