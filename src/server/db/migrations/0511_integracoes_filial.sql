-- Issue 40 item 3: the external systems of SPEC 3.2 (numbered 1 to 4) switched on per branch, with the account id at
-- that system ("Integration: sistema, id", SPEC 3) and its settings. The user info lists the active ones.
CREATE TABLE integracoes_filial (
  tenant_id integer NOT NULL REFERENCES tenants(id),
  filial_id integer NOT NULL,
  sistema smallint NOT NULL CHECK (sistema BETWEEN 1 AND 4),
  ativo boolean NOT NULL DEFAULT true,
  identificador text NOT NULL CHECK (length(identificador) BETWEEN 1 AND 120),
  configuracao jsonb NOT NULL DEFAULT '{}',
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, filial_id, sistema),
  FOREIGN KEY (tenant_id, filial_id) REFERENCES branches(tenant_id, id) ON DELETE CASCADE
);
SELECT enable_tenant_isolation('integracoes_filial');
