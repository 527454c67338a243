-- A faturamento undone by its compensating transition (the NF-e refused by SEFAZ after faturar committed, issue 34)
-- keeps its sales lines stamped cancelled, and the order may be faturado again: one live line per order and line.
ALTER TABLE vendas_itens DROP CONSTRAINT IF EXISTS vendas_itens_tenant_id_pedido_id_linha_key;
CREATE UNIQUE INDEX vendas_itens_pedido_linha_ativa ON vendas_itens (tenant_id, pedido_id, linha) WHERE cancelado_em IS NULL;
