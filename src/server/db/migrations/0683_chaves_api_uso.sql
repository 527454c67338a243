-- Issue 40 item 1: the per-key rate limit holds across server processes. Each key's current one-minute window (its
-- start and the requests counted in it) is one row, moved by one INSERT … ON CONFLICT per request: every process
-- counts on the same row, so N processes no longer allow N times the limit.
CREATE TABLE chaves_api_uso (
  tenant_id integer NOT NULL REFERENCES tenants(id),
  chave_id integer NOT NULL,
  inicio timestamptz NOT NULL,
  usadas integer NOT NULL,
  PRIMARY KEY (tenant_id, chave_id),
  FOREIGN KEY (tenant_id, chave_id) REFERENCES chaves_api(tenant_id, id) ON DELETE CASCADE
);
SELECT enable_tenant_isolation('chaves_api_uso');
