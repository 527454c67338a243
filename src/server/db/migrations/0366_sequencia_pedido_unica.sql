-- Sales orders number from one sequence per branch: the business document's own ('pedidoVenda', taken by
-- src/server/documents/numeracao.ts when an order is created). The 'pedido' sequence came first (0144, the
-- administrator's sequencia-filial screen, before the sales order document existed) and nothing ever numbered
-- from it. Where an administrator moved it forward, the order sequence moves forward as far (never back), and
-- 'pedido' goes away.
INSERT INTO sequencias_filial (tenant_id, filial_id, tipo, serie, ultimo_numero)
SELECT tenant_id, filial_id, 'pedidoVenda', serie, ultimo_numero FROM sequencias_filial WHERE tipo = 'pedido' AND ultimo_numero > 0
ON CONFLICT (tenant_id, filial_id, tipo, serie) DO UPDATE
  SET ultimo_numero = greatest(sequencias_filial.ultimo_numero, excluded.ultimo_numero), updated_at = now();
DELETE FROM sequencias_filial WHERE tipo = 'pedido';
