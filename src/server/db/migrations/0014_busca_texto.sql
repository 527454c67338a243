-- Text search that can use the pg_trgm indexes from inside a tenant transaction. Under row-level security
-- PostgreSQL will not use a non-leakproof operator such as ILIKE as an index condition, so a rare pattern
-- would scan every row of the tenant. This function runs as the owner (so the GIN index is usable) and
-- filters by the transaction's tenant itself: it can only ever return ids of current_tenant().
CREATE OR REPLACE FUNCTION tenant_ids_matching(tbl regclass, col text, op text, pattern text)
RETURNS SETOF integer LANGUAGE plpgsql STABLE SECURITY DEFINER SET search_path = public, pg_temp AS $f$
BEGIN
  IF op NOT IN ('LIKE', 'ILIKE') THEN
    RAISE EXCEPTION 'operador inválido: %', op;
  END IF;
  IF current_tenant() IS NULL THEN
    RETURN;
  END IF;
  RETURN QUERY EXECUTE format('SELECT id FROM %s WHERE tenant_id = $1 AND %I %s $2', tbl, col, op) USING current_tenant(), pattern;
END
$f$;
REVOKE ALL ON FUNCTION tenant_ids_matching(regclass, text, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION tenant_ids_matching(regclass, text, text, text) TO retaguarda_app;

CREATE INDEX pessoas_email_trgm ON pessoas USING gin (email gin_trgm_ops);
CREATE INDEX pessoas_fantasia_trgm ON pessoas USING gin (fantasia gin_trgm_ops);

-- The planner's estimate of matches for the same condition, taken as the owner: under row-level security
-- the planner ignores column statistics for non-leakproof operators and guesses, which is useless for
-- choosing between the two plans. Nothing is executed; only an estimate (a number) comes back.
CREATE OR REPLACE FUNCTION tenant_rows_estimate(tbl regclass, col text, op text, pattern text)
RETURNS double precision LANGUAGE plpgsql VOLATILE SECURITY DEFINER SET search_path = public, pg_temp AS $f$
DECLARE
  plan json;
BEGIN
  IF op NOT IN ('LIKE', 'ILIKE') THEN
    RAISE EXCEPTION 'operador inválido: %', op;
  END IF;
  IF current_tenant() IS NULL THEN
    RETURN 0;
  END IF;
  EXECUTE format('EXPLAIN (FORMAT JSON) SELECT 1 FROM %s WHERE tenant_id = %s AND %I %s %L', tbl, current_tenant(), col, op, pattern) INTO plan;
  RETURN (plan -> 0 -> 'Plan' ->> 'Plan Rows')::double precision;
END
$f$;
REVOKE ALL ON FUNCTION tenant_rows_estimate(regclass, text, text, text) FROM PUBLIC;
GRANT EXECUTE ON FUNCTION tenant_rows_estimate(regclass, text, text, text) TO retaguarda_app;
