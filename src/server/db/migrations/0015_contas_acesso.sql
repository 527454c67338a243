-- Sign-up, password recovery and first access.
ALTER TABLE branches ALTER COLUMN cpf_cnpj DROP NOT NULL;
ALTER TABLE tenants ADD COLUMN cadastro jsonb NOT NULL DEFAULT '{}';
ALTER TABLE tenants ADD COLUMN indicante text;
ALTER TABLE tenants ADD COLUMN nao_cadastrar_cobranca boolean NOT NULL DEFAULT false;
ALTER TABLE users ADD COLUMN telefone text;

-- Recovery links: single use, stored hashed, with an expiry; read by the owner role only.
CREATE TABLE password_resets (
  token_hash text PRIMARY KEY,
  tenant_id integer NOT NULL,
  user_id integer NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  expires_at timestamptz NOT NULL,
  used_at timestamptz,
  FOREIGN KEY (tenant_id, user_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE
);
REVOKE ALL ON password_resets FROM retaguarda_app;
