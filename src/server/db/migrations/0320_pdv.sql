-- Ponto de venda (issue 19): POS payment methods, stations, operator groups and operators (PIN hashed, locked
-- after 5 wrong PINs), the cash-register ledger of each caixa session (the session itself is a business document
-- in `documentos`, tipo 'caixaPdv'), the counted amounts of a closing, the sales (each one its NFC-e, the
-- "cupom"), NFC-e number blocks reserved for offline selling and the requests to resend contingency notes.

SELECT create_tenant_table('pdv_formas_pagamento', $$
  descricao text NOT NULL,
  t_pag text NOT NULL DEFAULT '01',
  bandeiras jsonb,
  tef boolean NOT NULL DEFAULT false,
  permite_troco boolean NOT NULL DEFAULT false,
  conta_id integer,
  ativo boolean NOT NULL DEFAULT true,
  FOREIGN KEY (tenant_id, conta_id) REFERENCES contas_financeiras(tenant_id, id)
$$);
CREATE UNIQUE INDEX pdv_formas_pagamento_descricao ON pdv_formas_pagamento (tenant_id, descricao);

SELECT create_tenant_table('pdvs', $$
  descricao text NOT NULL,
  filial_id integer NOT NULL,
  deposito_id integer NOT NULL,
  serie_nfce integer NOT NULL DEFAULT 1 CHECK (serie_nfce BETWEEN 0 AND 999),
  largura_impressora integer NOT NULL DEFAULT 80,
  impressora text,
  balanca_prefixo text NOT NULL DEFAULT '2',
  balanca_tipo text NOT NULL DEFAULT 'preco',
  balanca_modelo text,
  teclado text NOT NULL DEFAULT 'padrao',
  tef text,
  ativo boolean NOT NULL DEFAULT true,
  FOREIGN KEY (tenant_id, filial_id) REFERENCES branches(tenant_id, id),
  FOREIGN KEY (tenant_id, deposito_id) REFERENCES depositos(tenant_id, id)
$$);
CREATE UNIQUE INDEX pdvs_descricao ON pdvs (tenant_id, descricao);

SELECT create_tenant_table('grupos_usuario_pdv', $$
  descricao text NOT NULL,
  desconto_maximo numeric(5,2) NOT NULL DEFAULT 0 CHECK (desconto_maximo BETWEEN 0 AND 100),
  pode_cancelar boolean NOT NULL DEFAULT false,
  pode_abrir_gaveta boolean NOT NULL DEFAULT false,
  ativo boolean NOT NULL DEFAULT true
$$);
CREATE UNIQUE INDEX grupos_usuario_pdv_descricao ON grupos_usuario_pdv (tenant_id, descricao);

-- `pin` is never stored (the API's write-only field); pin_hash holds its bcrypt hash.
SELECT create_tenant_table('operadores_pdv', $$
  nome text NOT NULL,
  codigo text NOT NULL,
  grupo_id integer NOT NULL,
  pin text,
  pin_hash text,
  tentativas integer NOT NULL DEFAULT 0,
  bloqueado boolean NOT NULL DEFAULT false,
  ativo boolean NOT NULL DEFAULT true,
  FOREIGN KEY (tenant_id, grupo_id) REFERENCES grupos_usuario_pdv(tenant_id, id),
  CHECK (pin IS NULL)
$$);
CREATE UNIQUE INDEX operadores_pdv_codigo ON operadores_pdv (tenant_id, codigo);

-- The cash ledger of a caixa session (append-only): opening float, each sale's payments (per method), sangria
-- (money out, negative), suprimento (money in), and reversals (estorno_de). The expected amount per method is
-- the sum of its rows.
SELECT create_tenant_table('pdv_caixa_movimentos', $$
  caixa_id integer NOT NULL,
  tipo text NOT NULL CHECK (tipo IN ('abertura', 'venda', 'troco', 'sangria', 'suprimento', 'estorno')),
  forma_pagamento_id integer NOT NULL,
  valor numeric(15,2) NOT NULL,
  motivo text,
  venda_id integer,
  estorno_de integer,
  usuario_id integer,
  FOREIGN KEY (tenant_id, caixa_id) REFERENCES documentos(tenant_id, id),
  FOREIGN KEY (tenant_id, forma_pagamento_id) REFERENCES pdv_formas_pagamento(tenant_id, id)
$$);
CREATE INDEX pdv_caixa_movimentos_caixa ON pdv_caixa_movimentos (tenant_id, caixa_id);

-- The closing count of a session, per payment method, written once in the closing's transaction.
SELECT create_tenant_table('pdv_caixa_contagens', $$
  caixa_id integer NOT NULL,
  forma_pagamento_id integer NOT NULL,
  esperado numeric(15,2) NOT NULL,
  contado numeric(15,2) NOT NULL,
  diferenca numeric(15,2) NOT NULL,
  lancamento_id integer,
  FOREIGN KEY (tenant_id, caixa_id) REFERENCES documentos(tenant_id, id),
  FOREIGN KEY (tenant_id, forma_pagamento_id) REFERENCES pdv_formas_pagamento(tenant_id, id)
$$);
CREATE UNIQUE INDEX pdv_caixa_contagens_forma ON pdv_caixa_contagens (tenant_id, caixa_id, forma_pagamento_id);

-- One row per sale = its cupom (NFC-e). `chave` is the client's idempotency key; `resposta` the answer given,
-- returned as is when the same key comes again.
SELECT create_tenant_table('pdv_vendas', $$
  chave text NOT NULL,
  filial_id integer NOT NULL,
  pdv_id integer NOT NULL,
  caixa_id integer NOT NULL,
  operador_id integer NOT NULL,
  emitida_em timestamptz NOT NULL,
  cpf_cnpj text,
  total numeric(15,2) NOT NULL,
  troco numeric(15,2) NOT NULL DEFAULT 0,
  itens jsonb NOT NULL,
  pagamentos jsonb NOT NULL,
  situacao text NOT NULL DEFAULT 'pendente' CHECK (situacao IN ('pendente', 'autorizada', 'contingencia', 'erro', 'cancelada')),
  motivo text,
  serie integer,
  numero integer,
  chave_acesso text,
  tp_emis integer NOT NULL DEFAULT 1,
  protocolo text,
  ambiente integer,
  data_autorizacao timestamptz,
  documento jsonb,
  xml_arquivo text,
  qr_code text,
  url_consulta text,
  tentativas integer NOT NULL DEFAULT 0,
  contingencia_desde timestamptz,
  prazo_contingencia timestamptz,
  alerta_prazo boolean NOT NULL DEFAULT false,
  cancelada_em timestamptz,
  justificativa_cancelamento text,
  resposta jsonb,
  usuario_id integer,
  FOREIGN KEY (tenant_id, filial_id) REFERENCES branches(tenant_id, id),
  FOREIGN KEY (tenant_id, pdv_id) REFERENCES pdvs(tenant_id, id),
  FOREIGN KEY (tenant_id, caixa_id) REFERENCES documentos(tenant_id, id),
  FOREIGN KEY (tenant_id, operador_id) REFERENCES operadores_pdv(tenant_id, id)
$$);
CREATE UNIQUE INDEX pdv_vendas_chave ON pdv_vendas (tenant_id, chave);
CREATE UNIQUE INDEX pdv_vendas_numero ON pdv_vendas (tenant_id, filial_id, serie, numero) WHERE numero IS NOT NULL;
CREATE INDEX pdv_vendas_caixa ON pdv_vendas (tenant_id, caixa_id);
CREATE INDEX pdv_vendas_situacao ON pdv_vendas (tenant_id, situacao);

-- NFC-e numbers handed to a station for offline selling: never given to another sale.
SELECT create_tenant_table('pdv_numeracao_reservas', $$
  pdv_id integer NOT NULL,
  filial_id integer NOT NULL,
  serie integer NOT NULL,
  de integer NOT NULL,
  ate integer NOT NULL CHECK (ate >= de),
  usuario_id integer,
  FOREIGN KEY (tenant_id, pdv_id) REFERENCES pdvs(tenant_id, id)
$$);

-- Requests to resend a contingency NFC-e to SEFAZ, and what became of them.
SELECT create_tenant_table('pdv_solicitacoes_reenvio', $$
  venda_id integer NOT NULL,
  estado text NOT NULL DEFAULT 'pendente' CHECK (estado IN ('pendente', 'autorizada', 'erro')),
  resultado text,
  tentativas integer NOT NULL DEFAULT 0,
  usuario_id integer,
  FOREIGN KEY (tenant_id, venda_id) REFERENCES pdv_vendas(tenant_id, id)
$$);
CREATE INDEX pdv_solicitacoes_reenvio_venda ON pdv_solicitacoes_reenvio (tenant_id, venda_id);
