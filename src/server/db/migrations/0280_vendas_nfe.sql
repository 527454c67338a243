-- The NF-e step of sales orders (issues 17 and 18). A natureza de operação says whether it issues an NF-e
-- (an order naming it is invoiced with a note when faturado); a note issued by faturar points at its order, so
-- cancelling the order cancels the note, the note does not post stock or receivables twice, and Vendas > Nota
-- fiscal lists the notes of sales.
ALTER TABLE naturezas_operacao ADD COLUMN emite_nfe boolean NOT NULL DEFAULT true;
ALTER TABLE notas_fiscais ADD COLUMN pedido_id integer;
ALTER TABLE notas_fiscais ADD FOREIGN KEY (tenant_id, pedido_id) REFERENCES documentos(tenant_id, id);
CREATE INDEX notas_fiscais_pedido ON notas_fiscais (tenant_id, pedido_id) WHERE pedido_id IS NOT NULL;
