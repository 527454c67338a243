-- Issue 41 item 3: costs, margins and the stock's value are read with app.verCusto (a field-level key). The
-- profiles that already maintain what a cost is part of (products, prices, purchases, supplier notes: level
-- ALTERAR or more) keep seeing it; a profile that only consults products (a salesperson) does not. Profiles that
-- already name the key are left as they are; run twice, it changes nothing.
UPDATE access_profiles
   SET permissoes = permissoes || '{"app.verCusto": 4}'::jsonb
 WHERE NOT permissoes ? 'app.verCusto'
   AND EXISTS (
     SELECT 1 FROM jsonb_each_text(permissoes) e
      WHERE e.key IN ('app.produto', 'app.alteracaoPreco', 'app.pedidoCompra', 'app.nfeentrada')
        AND e.value ~ '^[0-9]+$' AND e.value::integer >= 3);
