-- Issue 37 item 3/5: the accountant's chosen accounting export per client account (layout and its parameters, e.g.
-- Domínio's company code), so closing the month attaches the journal in that layout besides the generic CSV.
CREATE TABLE contabil_exportacao (
  tenant_id integer NOT NULL REFERENCES tenants(id),
  leiaute text NOT NULL,
  parametros jsonb NOT NULL DEFAULT '{}'::jsonb,
  updated_by integer,
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id)
);
SELECT enable_tenant_isolation('contabil_exportacao');
