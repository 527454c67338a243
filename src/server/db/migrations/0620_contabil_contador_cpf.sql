-- Issue 37: SPED record 0100 wants the accountant's own CPF (and, optionally, his firm's CNPJ), while the invitation
-- records one CPF/CNPJ (usually the firm's CNPJ). The accountant's CPF is kept beside it (digits; null when unknown).
ALTER TABLE contabil_contadores ADD COLUMN cpf_contador text CHECK (cpf_contador IS NULL OR cpf_contador ~ '^[0-9]{11}$');
