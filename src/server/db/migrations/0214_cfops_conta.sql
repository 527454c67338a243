-- Configurações > Fiscal > CFOP: the CFOPs the account uses, with its own description, over the official list
-- (reference table cfop, lookup cfop).
SELECT create_tenant_table('cfops_conta', $$
  cfop text NOT NULL,
  descricao text NOT NULL,
  ativo boolean NOT NULL DEFAULT true
$$);
CREATE UNIQUE INDEX cfops_conta_cfop ON cfops_conta (tenant_id, cfop);
