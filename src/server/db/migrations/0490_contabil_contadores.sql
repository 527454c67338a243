-- Issue 37: the accountant's portal. A shop invites its accountant by e-mail (single-use, expiring link, stored
-- hashed like the recovery link); on acceptance the accountant keeps ONE sign-in login and, in every other client
-- account, gets a "vínculo" user row (is_contador, no usable password, pointing at the login) so sessions, RLS and
-- every foreign key to users work unchanged when he switches accounts.
ALTER TABLE users ADD COLUMN contador_login_tenant_id integer;
ALTER TABLE users ADD COLUMN contador_login_user_id integer;
-- Sign-in finds the account from the e-mail: unique within a brand among the logins; vínculo rows share the e-mail.
DROP INDEX users_brand_email;
CREATE UNIQUE INDEX users_brand_email ON users (brand_id, lower(email)) WHERE contador_login_user_id IS NULL;
CREATE INDEX users_contador_login ON users (contador_login_tenant_id, contador_login_user_id) WHERE contador_login_user_id IS NOT NULL;

-- One row per accountant invited by the account: the invitation, then the access until revoked.
SELECT create_tenant_table('contabil_contadores', $$
  email text NOT NULL,
  nome text,
  crc text NOT NULL,
  cpf_cnpj text NOT NULL,
  situacao text NOT NULL DEFAULT 'convidado' CHECK (situacao IN ('convidado', 'ativo', 'revogado')),
  token_hash text NOT NULL,
  expira_em timestamptz NOT NULL,
  aceito_em timestamptz,
  revogado_em timestamptz,
  user_id integer,
  login_tenant_id integer,
  login_user_id integer,
  convidado_por integer,
  FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id)
$$);
CREATE INDEX contabil_contadores_token ON contabil_contadores (token_hash);
CREATE INDEX contabil_contadores_login ON contabil_contadores (login_tenant_id, login_user_id) WHERE situacao = 'ativo';
CREATE UNIQUE INDEX contabil_contadores_um_por_email ON contabil_contadores (tenant_id, lower(email)) WHERE situacao <> 'revogado';

-- Every access of an accountant to the account (acceptance, sign-in, switch into it, revocation), shown to the shop.
SELECT create_tenant_table('contabil_acessos', $$
  contador_id integer NOT NULL,
  evento text NOT NULL,
  detalhe text,
  FOREIGN KEY (tenant_id, contador_id) REFERENCES contabil_contadores(tenant_id, id) ON DELETE CASCADE
$$);
CREATE INDEX contabil_acessos_contador ON contabil_acessos (tenant_id, contador_id, created_at DESC);
