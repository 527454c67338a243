-- Compras (issue 20). Pedidos de compra and entradas de nota fiscal are business documents (schemas/documents);
-- these tables hold what purchasing learns and guards.

-- What a supplier calls each product: learned from every entry posted (the line's cProd → the product chosen),
-- so the next note of that supplier matches the line by its code, with the packaging factor it used.
SELECT create_tenant_table('compras_codigos_fornecedor', $$
  fornecedor_id integer NOT NULL,
  codigo text NOT NULL,
  produto_id integer NOT NULL,
  variacao_id integer,
  fator numeric(15,4) NOT NULL DEFAULT 1 CHECK (fator > 0),
  unidade text,
  ultima_entrada_id integer,
  UNIQUE (tenant_id, fornecedor_id, codigo),
  FOREIGN KEY (tenant_id, fornecedor_id) REFERENCES pessoas(tenant_id, id) ON DELETE CASCADE,
  FOREIGN KEY (tenant_id, produto_id) REFERENCES produtos(tenant_id, id) ON DELETE CASCADE
$$);

-- The same NF-e (access key) enters an account once: a second entry of a key that is not cancelled is refused.
CREATE UNIQUE INDEX documentos_entrada_chave ON documentos (tenant_id, (cabecalho ->> 'chaveAcesso'))
  WHERE tipo = 'entradaNota' AND estado <> 'cancelada' AND cabecalho ->> 'chaveAcesso' IS NOT NULL;

-- Purchase reports read entries by supplier and period.
CREATE INDEX documentos_entrada_fornecedor ON documentos (tenant_id, ((cabecalho ->> 'fornecedorId')::integer))
  WHERE tipo = 'entradaNota';
