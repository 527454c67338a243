-- Relatórios > Pessoas filter clientes and fornecedores by group (issue 42): a free-text group on the person
-- ("Atacado", "Varejo", "Matéria-prima"...), indexed with the type for the report's filter.
ALTER TABLE pessoas ADD COLUMN IF NOT EXISTS grupo text;
CREATE INDEX IF NOT EXISTS pessoas_grupo ON pessoas (tenant_id, tipo, grupo);
-- Clientes sem compra há N dias: each client's last sale, found by client.
CREATE INDEX IF NOT EXISTS vendas_itens_cliente ON vendas_itens (tenant_id, cliente_id, data) WHERE cancelado_em IS NULL;
