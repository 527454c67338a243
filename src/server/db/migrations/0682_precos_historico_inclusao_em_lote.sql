-- Issue 40 (importação de 50.000 produtos): a product's opening price was recorded by a row-level trigger, one
-- function call and one INSERT per row — more than half the cost of a bulk INSERT of products. The inclusion is now
-- one statement-level trigger over the inserted rows (a transition table): the same precos_historico rows (origem
-- 'inclusao' unless app.preco_origem says otherwise, user and name from app.user_id), one INSERT per statement.
-- Changes of preco_venda (UPDATE) keep the row-level trigger: they compare OLD with NEW.
CREATE OR REPLACE FUNCTION precos_historico_produtos_inclusao() RETURNS trigger LANGUAGE plpgsql AS $f$
BEGIN
  INSERT INTO precos_historico (tenant_id, produto_id, variacao_id, produto_codigo, produto_descricao, preco_anterior, preco_novo, preco_custo, origem, motivo, alteracao, user_id, usuario)
  SELECT n.tenant_id, n.id, NULL, n.codigo, n.descricao, NULL, n.preco_venda, n.preco_custo,
         coalesce(nullif(current_setting('app.preco_origem', true), ''), 'inclusao'),
         nullif(current_setting('app.preco_motivo', true), ''),
         nullif(current_setting('app.preco_alteracao', true), ''),
         nullif(current_setting('app.user_id', true), '')::integer,
         (SELECT u.nome FROM users u WHERE u.tenant_id = n.tenant_id AND u.id = nullif(current_setting('app.user_id', true), '')::integer)
    FROM novos n
   WHERE NOT n.servico AND n.preco_venda IS NOT NULL
   ORDER BY n.id;
  RETURN NULL;
END $f$;

DROP TRIGGER precos_historico_produto ON produtos;
CREATE TRIGGER precos_historico_produto AFTER UPDATE OF preco_venda ON produtos
  FOR EACH ROW WHEN (NOT NEW.servico) EXECUTE FUNCTION precos_historico_produto();
CREATE TRIGGER precos_historico_produto_inclusao AFTER INSERT ON produtos
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION precos_historico_produtos_inclusao();
