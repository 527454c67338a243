-- Issue 40: the delivery worker claims each endpoint's due deliveries on their own (a LATERAL per endpoint, FOR
-- UPDATE SKIP LOCKED), so one endpoint's backlog never stands in front of another's: this index serves that claim.
CREATE INDEX webhook_entregas_fila_endpoint ON webhook_entregas (tenant_id, endpoint_id, proxima_tentativa, id) WHERE status = 'pendente';
