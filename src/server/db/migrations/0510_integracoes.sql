-- Issue 40 items 1 and 2: API keys and Standard Webhooks (src/server/integracoes).

-- An API key of an account: the secret is shown once and only its SHA-256 is kept (token_hash, looked up by
-- the owner connection before any tenant is known, like sessions). escopos: permission key -> level, never
-- above the creator's own when created; the creator's current levels cap them again on every request.
SELECT create_tenant_table('chaves_api', $$
  nome text NOT NULL CHECK (length(nome) BETWEEN 1 AND 80),
  prefixo text NOT NULL,
  token_hash text NOT NULL,
  escopos jsonb NOT NULL DEFAULT '{}',
  usuario_id integer NOT NULL,
  filial_id integer,
  expira_em timestamptz,
  limite_por_minuto integer NOT NULL DEFAULT 120 CHECK (limite_por_minuto BETWEEN 1 AND 6000),
  revogada_em timestamptz,
  ultimo_uso_em timestamptz,
  ultimo_uso_ip text
$$);
-- Found by its hash alone (the tenant is not known yet): a plain index; unique within the account (random 256-bit
-- tokens do not collide, and a unique key must lead with tenant_id to stay distributable).
CREATE INDEX chaves_api_token_hash ON chaves_api (token_hash);
CREATE UNIQUE INDEX chaves_api_tenant_token_hash ON chaves_api (tenant_id, token_hash);
ALTER TABLE chaves_api ADD FOREIGN KEY (tenant_id, usuario_id) REFERENCES users(tenant_id, id) ON DELETE CASCADE;

-- A webhook endpoint: an https address, the events it wants and its whsec_ signing secret (kept in clear: the
-- server signs with it on every delivery).
SELECT create_tenant_table('webhook_endpoints', $$
  url text NOT NULL,
  descricao text,
  eventos text[] NOT NULL DEFAULT '{}',
  segredo text NOT NULL,
  ativo boolean NOT NULL DEFAULT true,
  desativado_motivo text
$$);

-- An event (the payload every endpoint receives, its id is the idempotency key webhook-id).
CREATE TABLE webhook_eventos (
  tenant_id integer NOT NULL REFERENCES tenants(id),
  id text NOT NULL,
  tipo text NOT NULL,
  payload jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, id)
);
SELECT enable_tenant_isolation('webhook_eventos');

-- One event to one endpoint. Claimed by the delivery worker with FOR UPDATE SKIP LOCKED; a claim leases the row
-- (proxima_tentativa moves ahead) so a crashed worker's deliveries are tried again: at least once.
-- TODO(jobs): move onto the generic jobs table (src/server/jobs) when it lands.
SELECT create_tenant_table('webhook_entregas', $$
  evento_id text NOT NULL,
  endpoint_id integer NOT NULL,
  status text NOT NULL DEFAULT 'pendente' CHECK (status IN ('pendente', 'entregue', 'falhou', 'cancelada')),
  tentativas integer NOT NULL DEFAULT 0,
  proxima_tentativa timestamptz NOT NULL DEFAULT now(),
  ultimo_status integer,
  entregue_em timestamptz
$$);
ALTER TABLE webhook_entregas ADD FOREIGN KEY (tenant_id, evento_id) REFERENCES webhook_eventos(tenant_id, id) ON DELETE CASCADE;
ALTER TABLE webhook_entregas ADD FOREIGN KEY (tenant_id, endpoint_id) REFERENCES webhook_endpoints(tenant_id, id) ON DELETE CASCADE;
CREATE INDEX webhook_entregas_fila ON webhook_entregas (proxima_tentativa) WHERE status = 'pendente';
CREATE INDEX webhook_entregas_endpoint ON webhook_entregas (tenant_id, endpoint_id, id DESC);

-- The delivery log: every attempt with its request, answer and timing.
SELECT create_tenant_table('webhook_tentativas', $$
  entrega_id integer NOT NULL,
  numero integer NOT NULL,
  url text NOT NULL,
  requisicao_cabecalhos jsonb NOT NULL,
  requisicao_corpo text NOT NULL,
  status integer,
  resposta text,
  erro text,
  duracao_ms integer NOT NULL
$$);
ALTER TABLE webhook_tentativas ADD FOREIGN KEY (tenant_id, entrega_id) REFERENCES webhook_entregas(tenant_id, id) ON DELETE CASCADE;
CREATE INDEX webhook_tentativas_entrega ON webhook_tentativas (tenant_id, entrega_id, numero);
