-- Issue 38 (retorno de 10.000 ocorrências): the closed-month lock of 0491 ran one plpgsql call and one lookup of
-- contabil_periodos per inserted row of lancamentos, movimentos_financeiros and movimentos_estoque — in a retorno
-- apply (10.000 baixas, 12.000 movements, 2.000 fee entries) the largest single cost (1,5 s per 2.000 rows on
-- PGlite). Inserts are now checked once per statement over the inserted rows (a transition table): the same rule
-- (finance: a month closed in any branch of the tenant; stock: a month closed in the movement's branch), the same
-- message and SQLSTATE (CB001, raised by contabil_exigir_periodo_aberto for the first offending date), and the
-- statement still inserts nothing. A lançamento's UPDATE keeps the row-level trigger: it also checks OLD.
-- The AFTER statement trigger runs after the rows' own constraints, so a row that breaks a constraint reports that.

-- Finance: the first (tenant, date) whose month is closed; for a lançamento, competência before emissão (the order
-- of the row-level check), then the earliest date.
CREATE OR REPLACE FUNCTION contabil_trava_lancamentos_inclusao() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE v record;
BEGIN
  SELECT x.tenant_id, x.d INTO v
    FROM (SELECT n.tenant_id, n.competencia AS d, 0 AS ordem FROM novos n
          UNION ALL SELECT n.tenant_id, n.data_emissao, 1 FROM novos n) x
   WHERE x.d IS NOT NULL
     AND EXISTS (SELECT 1 FROM contabil_periodos p WHERE p.tenant_id = x.tenant_id AND p.situacao = 'fechado'
                   AND p.competencia = date_trunc('month', x.d)::date)
   ORDER BY x.ordem, x.d LIMIT 1;
  IF FOUND THEN PERFORM contabil_exigir_periodo_aberto(v.tenant_id, NULL, v.d); END IF;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION contabil_trava_movimentos_financeiros_inclusao() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE v record;
BEGIN
  SELECT x.tenant_id, x.data INTO v
    FROM (SELECT DISTINCT n.tenant_id, n.data FROM novos n WHERE n.data IS NOT NULL) x
   WHERE EXISTS (SELECT 1 FROM contabil_periodos p WHERE p.tenant_id = x.tenant_id AND p.situacao = 'fechado'
                   AND p.competencia = date_trunc('month', x.data)::date)
   ORDER BY x.data LIMIT 1;
  IF FOUND THEN PERFORM contabil_exigir_periodo_aberto(v.tenant_id, NULL, v.data); END IF;
  RETURN NULL;
END
$fn$;

CREATE OR REPLACE FUNCTION contabil_trava_movimentos_estoque_inclusao() RETURNS trigger LANGUAGE plpgsql AS $fn$
DECLARE v record;
BEGIN
  SELECT x.tenant_id, x.filial_id, x.d INTO v
    FROM (SELECT DISTINCT n.tenant_id, n.filial_id, (n.created_at AT TIME ZONE 'America/Sao_Paulo')::date AS d FROM novos n WHERE n.created_at IS NOT NULL) x
   WHERE EXISTS (SELECT 1 FROM contabil_periodos p WHERE p.tenant_id = x.tenant_id AND p.situacao = 'fechado'
                   AND p.competencia = date_trunc('month', x.d)::date AND (x.filial_id IS NULL OR p.filial_id = x.filial_id))
   ORDER BY x.d LIMIT 1;
  IF FOUND THEN PERFORM contabil_exigir_periodo_aberto(v.tenant_id, v.filial_id, v.d); END IF;
  RETURN NULL;
END
$fn$;

DROP TRIGGER contabil_periodo_fechado ON lancamentos;
CREATE TRIGGER contabil_periodo_fechado BEFORE UPDATE OF competencia, data_emissao, valor_total, tipo ON lancamentos
  FOR EACH ROW EXECUTE FUNCTION contabil_trava_lancamento();
CREATE TRIGGER contabil_periodo_fechado_inclusao AFTER INSERT ON lancamentos
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION contabil_trava_lancamentos_inclusao();

DROP TRIGGER contabil_periodo_fechado ON movimentos_financeiros;
CREATE TRIGGER contabil_periodo_fechado AFTER INSERT ON movimentos_financeiros
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION contabil_trava_movimentos_financeiros_inclusao();

DROP TRIGGER contabil_periodo_fechado ON movimentos_estoque;
CREATE TRIGGER contabil_periodo_fechado AFTER INSERT ON movimentos_estoque
  REFERENCING NEW TABLE AS novos FOR EACH STATEMENT EXECUTE FUNCTION contabil_trava_movimentos_estoque_inclusao();
