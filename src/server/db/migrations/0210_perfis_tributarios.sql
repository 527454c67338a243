-- Perfil tributário (Configurações > Fiscal > Perfil tributário, issue 17): a named set of tax rules assigned
-- to products. Its rules are rows of tributacoes_estaduais and tributacoes_federais, versioned by
-- vigencia_inicio (src/shared/fiscal/tributacao.ts).
SELECT create_tenant_table('perfis_tributarios', $$
  nome text NOT NULL,
  descricao text,
  ativo boolean NOT NULL DEFAULT true
$$);
CREATE UNIQUE INDEX perfis_tributarios_nome ON perfis_tributarios (tenant_id, lower(nome));

ALTER TABLE produtos ADD COLUMN perfil_tributario_id integer;
ALTER TABLE produtos ADD FOREIGN KEY (tenant_id, perfil_tributario_id) REFERENCES perfis_tributarios(tenant_id, id);
CREATE INDEX produtos_perfil_tributario ON produtos (tenant_id, perfil_tributario_id) WHERE perfil_tributario_id IS NOT NULL;
