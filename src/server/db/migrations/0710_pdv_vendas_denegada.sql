-- Issue 34: an NFC-e whose use SEFAZ denied (110, 301, 302, 303) spent its number at SEFAZ: the sale keeps the
-- number, key and protocol in a state of its own ('denegada'), as the NF-e does, instead of an 'erro' that gave the
-- number back to the series (a later sale would then take a number SEFAZ already holds as denied).
ALTER TABLE pdv_vendas DROP CONSTRAINT IF EXISTS pdv_vendas_situacao_check;
ALTER TABLE pdv_vendas ADD CONSTRAINT pdv_vendas_situacao_check CHECK (situacao IN ('pendente', 'autorizada', 'contingencia', 'erro', 'cancelada', 'denegada'));
