-- Issue 37 items 4 and 5: the plan of accounts is the account's contas_contabeis_sped (fiscal settings, SPED 0500);
-- contábil maps the financial categories and the money accounts (caixa, bancos) to its analytic accounts, from
-- which the month's journal entries (lançamentos contábeis) are derived.
SELECT create_tenant_table('contabil_mapeamentos', $$
  origem text NOT NULL CHECK (origem IN ('categoria', 'conta_financeira')),
  origem_id integer NOT NULL,
  conta_contabil_id integer NOT NULL,
  FOREIGN KEY (tenant_id, conta_contabil_id) REFERENCES contas_contabeis_sped(tenant_id, id),
  UNIQUE (tenant_id, origem, origem_id)
$$);
