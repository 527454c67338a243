-- Issue 38 "rejections alert the shop": the e-mail to the shop about a boleto the bank rejected in a retorno,
-- sent once per boleto like the payment notice.
ALTER TABLE boletos_emails DROP CONSTRAINT boletos_emails_tipo_check;
ALTER TABLE boletos_emails ADD CONSTRAINT boletos_emails_tipo_check CHECK (tipo IN ('emissao', 'antes', 'vencimento', 'vencido', 'boleto', 'pagamento', 'rejeicao'));
DROP INDEX boletos_emails_uma_vez;
CREATE UNIQUE INDEX boletos_emails_uma_vez ON boletos_emails (tenant_id, boleto_id, tipo) WHERE tipo IN ('emissao', 'antes', 'vencimento', 'vencido', 'pagamento', 'rejeicao');
