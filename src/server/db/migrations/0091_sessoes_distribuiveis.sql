-- Every tenant table distributable by tenant_id on Citus (scripts/citus-distribute.ts; checked by
-- tests/api/citus-distribuivel.test.ts): sessions and recovery links led their primary key with the token hash and
-- had row-level security off. The token hash stays unique in practice (SHA-256 of a random token) and is still
-- found by its own index; on Citus that lookup visits every shard, the price of reading before the tenant is known.
-- They are still read by the owner role only (REVOKE in 0001/0015): the policy is the same second lock as elsewhere.
ALTER TABLE sessions DROP CONSTRAINT sessions_pkey;
ALTER TABLE sessions ADD PRIMARY KEY (tenant_id, token_hash);
CREATE INDEX sessions_token ON sessions (token_hash);
ALTER TABLE sessions ADD FOREIGN KEY (tenant_id) REFERENCES tenants(id);
ALTER TABLE sessions ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON sessions USING (tenant_id = current_tenant()) WITH CHECK (tenant_id = current_tenant());

ALTER TABLE password_resets DROP CONSTRAINT password_resets_pkey;
ALTER TABLE password_resets ADD PRIMARY KEY (tenant_id, token_hash);
CREATE INDEX password_resets_token ON password_resets (token_hash);
ALTER TABLE password_resets ADD FOREIGN KEY (tenant_id) REFERENCES tenants(id);
ALTER TABLE password_resets ENABLE ROW LEVEL SECURITY;
CREATE POLICY tenant_isolation ON password_resets USING (tenant_id = current_tenant()) WITH CHECK (tenant_id = current_tenant());
