-- Issue 40 item 4: open receivables and payables (contas a receber / a pagar em aberto) are imported too, posted as
-- Financeiro lançamentos with origem 'importacao'.
ALTER TABLE importacoes DROP CONSTRAINT importacoes_tipo_check;
ALTER TABLE importacoes ADD CONSTRAINT importacoes_tipo_check CHECK (tipo IN ('clientes', 'fornecedores', 'transportadores', 'produtos', 'contasReceber', 'contasPagar'));
