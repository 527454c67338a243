-- A variation (SKU) that has stock movements or a balance cannot be deleted: the stock ledger (0101) and the
-- variations table (0120) were written side by side, so the link between them is added once both exist.
ALTER TABLE movimentos_estoque
  ADD CONSTRAINT movimentos_estoque_variacao FOREIGN KEY (tenant_id, variacao_id) REFERENCES produto_variacoes (tenant_id, id);
ALTER TABLE saldos_estoque
  ADD CONSTRAINT saldos_estoque_variacao FOREIGN KEY (tenant_id, variacao_id) REFERENCES produto_variacoes (tenant_id, id);
