-- Issue 37 item 3 (rest): the files of a closed month and the lock on fiscal documents and the PDV; item 6: autXML.

-- The files generated when a month is closed: the XML ZIP goes through the export queue (relatorio_id); the SPED
-- text is kept in the file storage (arquivo); a month without documents is 'vazio'; a file that could not be
-- generated keeps why (situacao 'erro').
SELECT create_tenant_table('contabil_periodos_arquivos', $$
  periodo_id integer NOT NULL,
  tipo text NOT NULL CHECK (tipo IN ('xml', 'sped', 'sintegra', 'lancamentos')),
  nome text NOT NULL,
  situacao text NOT NULL CHECK (situacao IN ('gerado', 'enfileirado', 'vazio', 'erro')),
  relatorio_id integer,
  arquivo text,
  detalhe text,
  FOREIGN KEY (tenant_id, periodo_id) REFERENCES contabil_periodos(tenant_id, id) ON DELETE CASCADE
$$);
CREATE INDEX contabil_periodos_arquivos_periodo ON contabil_periodos_arquivos (tenant_id, periodo_id);
-- The checklist as it stood when the month was closed.
ALTER TABLE contabil_periodos ADD COLUMN IF NOT EXISTS checklist jsonb;

-- autXML (item 6): the shop lets this accountant download its NF-e from SEFAZ.
ALTER TABLE contabil_contadores ADD COLUMN IF NOT EXISTS aut_xml boolean NOT NULL DEFAULT false;

-- NF-e / NFC-e (notas_fiscais): issuing (reserving the transmission, or issuing in contingency) a note dated in a
-- closed month of its branch is refused before anything is sent to SEFAZ. What SEFAZ already answered (transmitindo
-- to autorizada, rejeitada, contingência resolved) is recorded whatever the period.
CREATE OR REPLACE FUNCTION contabil_trava_nota_fiscal() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  IF NEW.status IN ('transmitindo', 'contingencia', 'autorizada')
     AND (TG_OP = 'INSERT' OR OLD.status NOT IN ('transmitindo', 'contingencia', 'autorizada')) THEN
    PERFORM contabil_exigir_periodo_aberto(NEW.tenant_id, NEW.filial_id,
      (coalesce(NEW.data_emissao, now()) AT TIME ZONE coalesce((SELECT fuso_horario FROM branches b WHERE b.tenant_id = NEW.tenant_id AND b.id = NEW.filial_id), 'America/Sao_Paulo'))::date);
  END IF;
  RETURN NEW;
END
$fn$;
CREATE TRIGGER contabil_periodo_fechado BEFORE INSERT OR UPDATE OF status ON notas_fiscais FOR EACH ROW EXECUTE FUNCTION contabil_trava_nota_fiscal();

-- PDV: a sale (NFC-e) dated in a closed month of its branch is not accepted (an offline sale synchronised late).
CREATE OR REPLACE FUNCTION contabil_trava_venda_pdv() RETURNS trigger LANGUAGE plpgsql AS $fn$
BEGIN
  PERFORM contabil_exigir_periodo_aberto(NEW.tenant_id, NEW.filial_id,
    (NEW.emitida_em AT TIME ZONE coalesce((SELECT fuso_horario FROM branches b WHERE b.tenant_id = NEW.tenant_id AND b.id = NEW.filial_id), 'America/Sao_Paulo'))::date);
  RETURN NEW;
END
$fn$;
CREATE TRIGGER contabil_periodo_fechado BEFORE INSERT ON pdv_vendas FOR EACH ROW EXECUTE FUNCTION contabil_trava_venda_pdv();
