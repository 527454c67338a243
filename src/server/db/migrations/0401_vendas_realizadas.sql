-- Issue 41 item 4: one source of sales for the dashboard and every sales report. A sale is a faturado order line
-- (vendas_itens, written by faturar) or a line of a PDV sale (pdv_vendas: its NFC-e, authorised, in contingency
-- or waiting for a retry in cupom-erro: the goods left and the money came in). A cancelled order or NFC-e stays
-- here with cancelado_em, and the reports leave it out. `venda` names the sale (an order or a cupom) for counts.
-- The PDV line's cost is the stock exit's cost of that product in that sale, shared by quantity among its lines;
-- its day is the sale's day in the branch's time zone. security_invoker: the tables' row-level security applies.
CREATE VIEW vendas_realizadas WITH (security_invoker = true) AS
SELECT v.tenant_id, v.filial_id, 'pedido'::text AS origem, v.pedido_id AS documento_id, 'pedido:' || v.pedido_id AS venda, v.linha, v.data,
       v.cliente_id, v.vendedor_id, v.produto_id, v.categoria_id, v.quantidade, v.valor_total, v.custo_total,
       v.comissao_percentual, v.comissao_valor, v.cancelado_em
  FROM vendas_itens v
UNION ALL
SELECT p.tenant_id, p.filial_id, 'pdv'::text, p.id, 'pdv:' || p.id, i.linha::integer, (p.emitida_em AT TIME ZONE b.fuso_horario)::date,
       NULL::integer, NULL::integer, (i.item->>'produtoId')::integer, pr.categoria_id,
       (i.item->>'quantidade')::numeric(15,4),
       (round((i.item->>'quantidade')::numeric * (i.item->>'precoUnitario')::numeric, 2) - coalesce((i.item->>'desconto')::numeric, 0))::numeric(15,2),
       round(c.custo_unitario * (i.item->>'quantidade')::numeric, 2)::numeric(15,2),
       NULL::numeric(5,2), 0::numeric(15,2),
       CASE WHEN p.situacao = 'cancelada' THEN coalesce(p.cancelada_em, p.updated_at) END
  FROM pdv_vendas p
  JOIN branches b ON b.tenant_id = p.tenant_id AND b.id = p.filial_id
  CROSS JOIN LATERAL jsonb_array_elements(p.itens) WITH ORDINALITY AS i(item, linha)
  LEFT JOIN produtos pr ON pr.tenant_id = p.tenant_id AND pr.id = (i.item->>'produtoId')::integer
  LEFT JOIN LATERAL (
    SELECT sum(-m.quantidade * coalesce(m.custo_unitario, 0)) / nullif(sum(-m.quantidade), 0) AS custo_unitario
      FROM movimentos_estoque m
     WHERE m.tenant_id = p.tenant_id AND m.origem_tipo = 'pdvVenda' AND m.origem_id = p.id
       AND m.produto_id = (i.item->>'produtoId')::integer AND m.estorno_de IS NULL
  ) c ON true;
