-- Contatos comerciais: the cargo becomes a value of the job-roles list (schemas/lookups/cargo.json, SPEC 3.2)
-- instead of free text. A typed cargo that names a role of the list (accents, case and the feminine forms
-- aside, or its value already) takes its value; any other becomes 'outro', and its text is kept at the start of the
-- observação. Running it again changes nothing.
UPDATE contatos_comerciais c
   SET cargo = coalesce(m.valor, 'outro'),
       observacao = CASE WHEN m.valor IS NULL THEN left(concat_ws(E'\n', 'Cargo: ' || btrim(c.cargo), c.observacao), 1000) ELSE c.observacao END
  FROM (SELECT c1.tenant_id, c1.id, s.valor
          FROM contatos_comerciais c1
          LEFT JOIN (VALUES
  ('proprietario', 'proprietario'), ('proprietaria', 'proprietario'), ('proprietario(a)', 'proprietario'), ('dono', 'proprietario'), ('dona', 'proprietario'),
  ('socio', 'socio'), ('socia', 'socio'), ('socio(a)', 'socio'),
  ('diretor', 'diretor'), ('diretora', 'diretor'), ('diretor(a)', 'diretor'),
  ('gerente', 'gerente'),
  ('gerente comercial', 'gerente_comercial'), ('gerente_comercial', 'gerente_comercial'),
  ('gerente de loja', 'gerente_loja'), ('gerente_loja', 'gerente_loja'),
  ('supervisor', 'supervisor'), ('supervisora', 'supervisor'), ('supervisor(a)', 'supervisor'),
  ('comprador', 'comprador'), ('compradora', 'comprador'), ('comprador(a)', 'comprador'), ('compras', 'comprador'),
  ('vendedor', 'vendedor'), ('vendedora', 'vendedor'), ('vendedor(a)', 'vendedor'),
  ('representante', 'representante'), ('representante comercial', 'representante'),
  ('financeiro', 'financeiro'), ('financeira', 'financeiro'),
  ('contador', 'contador'), ('contadora', 'contador'), ('contador(a)', 'contador'),
  ('assistente administrativo', 'administrativo'), ('assistente administrativa', 'administrativo'), ('administrativo', 'administrativo'),
  ('estoquista', 'estoquista'),
  ('outro', 'outro'), ('outros', 'outro')
          ) AS s(texto, valor) ON s.texto = lower(translate(btrim(c1.cargo), 'áàâãäéèêëíìîïóòôõöúùûüçÁÀÂÃÄÉÈÊËÍÌÎÏÓÒÔÕÖÚÙÛÜÇ', 'aaaaaeeeeiiiiooooouuuucAAAAAEEEEIIIIOOOOOUUUUC'))
         WHERE c1.cargo IS NOT NULL AND btrim(c1.cargo) <> '') AS m
 WHERE m.tenant_id = c.tenant_id AND m.id = c.id;
UPDATE contatos_comerciais SET cargo = NULL WHERE cargo IS NOT NULL AND btrim(cargo) = '';
