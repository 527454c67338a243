-- A stock movement type is data (schemas/lookups/tipoMovimentacao.json, which carries its direction): the stock
-- service refuses a type the list does not have, so the table no longer fixes the range (0–14) a new type would
-- need a migration to widen.
ALTER TABLE movimentos_estoque DROP CONSTRAINT movimentos_estoque_tipo_check;
ALTER TABLE movimentos_estoque ADD CONSTRAINT movimentos_estoque_tipo_check CHECK (tipo >= 0);
