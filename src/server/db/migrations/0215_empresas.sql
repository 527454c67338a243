-- Configurações > Empresas: each branch (filial) is the issuer of its fiscal documents. Columns the resource
-- document empresa needs beside those of 0001_core (nome, apelido, cpf_cnpj, inscricao_estadual,
-- regime_tributario, ramo_atividade, uf, codigo_municipio, ativo).
ALTER TABLE branches
  ADD COLUMN inscricao_municipal text,
  ADD COLUMN cnae text,
  ADD COLUMN regime_tributario_municipal integer,
  ADD COLUMN cep text,
  ADD COLUMN logradouro text,
  ADD COLUMN numero text,
  ADD COLUMN complemento text,
  ADD COLUMN bairro text,
  ADD COLUMN telefone text,
  ADD COLUMN email text,
  ADD COLUMN logo_chave text,
  ADD COLUMN updated_at timestamptz NOT NULL DEFAULT now();
