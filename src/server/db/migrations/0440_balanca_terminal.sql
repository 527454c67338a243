-- Issue 36 items 5 and 6: products loaded into the shop's scales (Toledo MGV, Filizola, Urano) and the
-- price-check terminals (Gertec TC 506 / Busca Preço G2).

-- A product sold at the scale: its PLU (the code the scale knows and prints back inside the EAN-13 label),
-- sold by weight or by unit, the tare (kg), shelf life (days), the scale's department, an extra text
-- (ingredients, storage) and the nutrition facts the label prints (RDC 429/2020 for MGV7).
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS balanca boolean NOT NULL DEFAULT false;
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS balanca_plu integer CHECK (balanca_plu IS NULL OR balanca_plu BETWEEN 1 AND 999999);
-- balanca_venda: empty on a product not sold at the scale (the form hides it); empty means by weight.
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS balanca_venda text CHECK (balanca_venda IS NULL OR balanca_venda IN ('peso', 'unidade'));
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS balanca_tara numeric(12,4) CHECK (balanca_tara IS NULL OR balanca_tara >= 0);
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS balanca_validade_dias integer CHECK (balanca_validade_dias IS NULL OR balanca_validade_dias BETWEEN 0 AND 999);
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS balanca_departamento integer CHECK (balanca_departamento IS NULL OR balanca_departamento BETWEEN 1 AND 99);
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS balanca_texto text;
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS nutri_porcao numeric(12,4);
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS nutri_valor_energetico numeric(12,4);
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS nutri_carboidratos numeric(12,4);
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS nutri_acucares_totais numeric(12,4);
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS nutri_acucares_adicionados numeric(12,4);
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS nutri_proteinas numeric(12,4);
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS nutri_gorduras_totais numeric(12,4);
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS nutri_gorduras_saturadas numeric(12,4);
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS nutri_gorduras_trans numeric(12,4);
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS nutri_fibras numeric(12,4);
ALTER TABLE produtos ADD COLUMN IF NOT EXISTS nutri_sodio numeric(12,4);
-- One PLU names one product in an account (the label read back at the PDV finds it by this code).
CREATE UNIQUE INDEX IF NOT EXISTS produtos_balanca_plu ON produtos (tenant_id, balanca_plu) WHERE balanca_plu IS NOT NULL;

-- Per branch: how the scale's labels are laid out (read back by the PDV's sibling, the sales order) and the
-- embedded price-check terminal server (off by default; conventionally port 6500).
CREATE TABLE configuracoes_balanca_terminal (
  tenant_id integer NOT NULL REFERENCES tenants(id),
  filial_id integer NOT NULL,
  etiqueta_prefixo text NOT NULL DEFAULT '2' CHECK (etiqueta_prefixo ~ '^[0-9]$'),
  etiqueta_conteudo text NOT NULL DEFAULT 'preco' CHECK (etiqueta_conteudo IN ('preco', 'peso')),
  etiqueta_digitos_codigo integer NOT NULL DEFAULT 5 CHECK (etiqueta_digitos_codigo BETWEEN 4 AND 6),
  terminal_ativo boolean NOT NULL DEFAULT false,
  terminal_porta integer NOT NULL DEFAULT 6500 CHECK (terminal_porta BETWEEN 1024 AND 65535),
  updated_at timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY (tenant_id, filial_id),
  FOREIGN KEY (tenant_id, filial_id) REFERENCES branches(tenant_id, id) ON DELETE CASCADE
);
SELECT enable_tenant_isolation('configuracoes_balanca_terminal');
-- One listening port serves one branch on this server, whatever the account.
CREATE UNIQUE INDEX configuracoes_balanca_terminal_porta ON configuracoes_balanca_terminal (terminal_porta) WHERE terminal_ativo;
