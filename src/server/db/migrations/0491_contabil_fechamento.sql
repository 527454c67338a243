-- Issue 37 item 3: "fechar mês" per branch. A closed month refuses postings dated in it, at the database, whatever
-- module posts: stock movements of the branch, and financial entries and money movements (finance has no branch:
-- a month closed in any branch of the account locks it). Reopening (by the accountant) is a row of its own.
SELECT create_tenant_table('contabil_periodos', $$
  filial_id integer NOT NULL,
  competencia date NOT NULL CHECK (extract(day FROM competencia) = 1),
  situacao text NOT NULL DEFAULT 'fechado' CHECK (situacao IN ('fechado', 'reaberto')),
  fechado_por integer,
  fechado_em timestamptz NOT NULL DEFAULT now(),
  reaberto_por integer,
  reaberto_em timestamptz,
  motivo text,
  FOREIGN KEY (tenant_id, filial_id) REFERENCES branches(tenant_id, id) ON DELETE CASCADE
$$);
CREATE UNIQUE INDEX contabil_periodos_fechado ON contabil_periodos (tenant_id, filial_id, competencia) WHERE situacao = 'fechado';

-- SQLSTATE CB001: the API answers 400 with this message (src/server/http/error-handler.ts).
CREATE OR REPLACE FUNCTION contabil_exigir_periodo_aberto(p_tenant integer, p_filial integer, p_data date) RETURNS void LANGUAGE plpgsql AS $fn$
BEGIN
  IF p_data IS NULL THEN RETURN; END IF;
  IF EXISTS (SELECT 1 FROM contabil_periodos p WHERE p.tenant_id = p_tenant AND p.situacao = 'fechado'
               AND p.competencia = date_trunc('month', p_data)::date AND (p_filial IS NULL OR p.filial_id = p_filial)) THEN
    RAISE EXCEPTION 'O período %/% está fechado pela contabilidade: lançamentos com data nesse mês não são aceitos. Peça ao contador para reabrir o mês.',
      to_char(p_data, 'MM'), to_char(p_data, 'YYYY') USING ERRCODE = 'CB001';
  END IF;
END
$fn$;

CREATE OR REPLACE FUNCTION contabil_trava_movimento_estoque() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM contabil_exigir_periodo_aberto(NEW.tenant_id, NEW.filial_id, (NEW.created_at AT TIME ZONE 'America/Sao_Paulo')::date);
  RETURN NEW;
END
$fn$;
CREATE TRIGGER contabil_periodo_fechado BEFORE INSERT ON movimentos_estoque FOR EACH ROW EXECUTE FUNCTION contabil_trava_movimento_estoque();

CREATE OR REPLACE FUNCTION contabil_trava_lancamento() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM contabil_exigir_periodo_aberto(NEW.tenant_id, NULL, NEW.competencia);
  PERFORM contabil_exigir_periodo_aberto(NEW.tenant_id, NULL, NEW.data_emissao);
  IF TG_OP = 'UPDATE' THEN
    PERFORM contabil_exigir_periodo_aberto(OLD.tenant_id, NULL, OLD.competencia);
  END IF;
  RETURN NEW;
END
$fn$;
CREATE TRIGGER contabil_periodo_fechado BEFORE INSERT OR UPDATE OF competencia, data_emissao, valor_total, tipo ON lancamentos FOR EACH ROW EXECUTE FUNCTION contabil_trava_lancamento();

CREATE OR REPLACE FUNCTION contabil_trava_movimento_financeiro() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM contabil_exigir_periodo_aberto(NEW.tenant_id, NULL, NEW.data);
  RETURN NEW;
END
$fn$;
CREATE TRIGGER contabil_periodo_fechado BEFORE INSERT ON movimentos_financeiros FOR EACH ROW EXECUTE FUNCTION contabil_trava_movimento_financeiro();
