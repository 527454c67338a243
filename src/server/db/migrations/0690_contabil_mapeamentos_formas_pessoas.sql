-- Issue 37 item 4: besides categories and money accounts, the chart mapping covers the payment methods (of the
-- finance module and of the PDV: Caixa, Bancos, Cartões a receber…) and the customers and suppliers — one account
-- per person (analytic, origem 'pessoa') or one account for all of them (synthetic, origem 'clientes' or
-- 'fornecedores' with origem_id 0). The accounts of the journal's sales and purchases come from here.
ALTER TABLE contabil_mapeamentos DROP CONSTRAINT IF EXISTS contabil_mapeamentos_origem_check;
ALTER TABLE contabil_mapeamentos ADD CONSTRAINT contabil_mapeamentos_origem_check
  CHECK (origem IN ('categoria', 'conta_financeira', 'forma_pagamento', 'forma_pagamento_pdv', 'pessoa', 'clientes', 'fornecedores'));
