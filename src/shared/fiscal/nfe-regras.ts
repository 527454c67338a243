import type { NfeDocumento, Item } from '../../../generated/fiscal/nfe-documento.ts';
import { dec } from './decimal.ts';
import { validarChave } from './chave.ts';

/**
 * Rules of the layout that the JSON Schema cannot express (they tie fields of different groups together), checked
 * before anything is built so a bad document says what is wrong and where, in Portuguese. Each rule mirrors a
 * SEFAZ rejection or a choice in the XSD.
 */
export interface ErroRegra {
  caminho: string;
  mensagem: string;
}

function regrasItem(doc: NfeDocumento, it: Item, i: number): ErroRegra[] {
  const erros: ErroRegra[] = [];
  const n = i + 1;
  const p = `itens[${i}]`;
  const err = (campo: string, mensagem: string) => erros.push({ caminho: campo ? `${p}.${campo}` : p, mensagem: `Item ${n}: ${mensagem}` });
  const nfce = doc.modelo === 65;
  const importacao = it.cfop.startsWith('3');
  const exportacao = it.cfop.startsWith('7');

  // imposto: (ICMS, IPI, II) or (IPI, ISSQN) — the XSD's choice.
  if (it.icms && it.issqn) err('issqn', 'ISSQN e ICMS não podem ser informados no mesmo item: um item é mercadoria (ICMS) ou serviço (ISSQN).');
  if (!it.icms && !it.issqn) err('icms', 'informe o ICMS (mercadoria) ou o ISSQN (serviço).');
  if (it.issqn) {
    if (!doc.emitente.im) err('issqn', 'item de serviço (ISSQN) exige a inscrição municipal do emitente.');
    if (it.impostoImportacao) err('impostoImportacao', 'o imposto de importação não se aplica a um item de serviço (ISSQN).');
    if (it.issqn.indISS === 6 || it.issqn.indISS === 7) {
      if (!it.issqn.nProcesso) err('issqn.nProcesso', 'exigibilidade do ISSQN suspensa exige o número do processo.');
    }
  }

  // Import: DI (I18) and II (P) are demanded by CFOP 3xxx and meaningless otherwise.
  const temDI = (it.declaracoesImportacao?.length ?? 0) > 0;
  if (importacao && !temDI) err('declaracoesImportacao', `CFOP ${it.cfop} é de importação: informe a declaração de importação (DI) com ao menos uma adição.`);
  if (importacao && !it.impostoImportacao && !it.issqn) err('impostoImportacao', `CFOP ${it.cfop} é de importação: informe o grupo do imposto de importação (II), mesmo com valor zero.`);
  if (!importacao && temDI) err('declaracoesImportacao', `a declaração de importação só vale para CFOP de entrada do exterior (3xxx); o CFOP é ${it.cfop}.`);
  if (!importacao && it.impostoImportacao) err('impostoImportacao', `o imposto de importação só vale para CFOP de entrada do exterior (3xxx); o CFOP é ${it.cfop}.`);
  (it.declaracoesImportacao ?? []).forEach((di, k) => {
    if (di.viaTransporte === 1 && di.valorAFRMM === undefined) {
      erros.push({ caminho: `${p}.declaracoesImportacao[${k}].valorAFRMM`, mensagem: `Item ${n}: DI ${di.numero} por via marítima exige o valor do AFRMM.` });
    }
    if ((di.intermediacao === 2 || di.intermediacao === 3) && !di.cnpjAdquirente) {
      erros.push({ caminho: `${p}.declaracoesImportacao[${k}].cnpjAdquirente`, mensagem: `Item ${n}: DI ${di.numero} por conta e ordem ou encomenda exige o CNPJ do adquirente ou encomendante.` });
    }
  });

  // Export (I50): the per-item group belongs to CFOP 7xxx (direct) or to the indirect export with its remessa key.
  (it.exportacao ?? []).forEach((e, k) => {
    const ind = [e.registroExportacao, e.chaveNFe, e.quantidade].filter((v) => v !== undefined).length;
    if (ind !== 0 && ind !== 3) {
      erros.push({ caminho: `${p}.exportacao[${k}]`, mensagem: `Item ${n}: na exportação indireta informe juntos o registro de exportação, a chave da NF-e de remessa e a quantidade exportada.` });
    }
  });
  if (exportacao && !doc.exportacao) err('cfop', `CFOP ${it.cfop} é de exportação: informe a UF e o local de embarque (grupo exporta).`);

  // Specific products (choice: veicProd | med | arma | comb).
  const especificos = [it.veiculo && 'veículo novo', it.medicamento && 'medicamento', it.armas && 'arma', it.combustivel && 'combustível'].filter(Boolean);
  if (especificos.length > 1) err('', `um item só pode ter um grupo de produto específico; informados: ${especificos.join(', ')}.`);
  if (it.medicamento?.cProdANVISA === 'ISENTO' && !it.medicamento.xMotivoIsencao) {
    err('medicamento.xMotivoIsencao', 'medicamento isento de registro na ANVISA exige o motivo da isenção.');
  }
  const enc = it.combustivel?.encerrante;
  if (enc && dec(enc.vEncFin).lessThan(dec(enc.vEncIni))) {
    err('combustivel.encerrante.vEncFin', `o encerrante final (${enc.vEncFin}) é menor que o inicial (${enc.vEncIni}).`);
  }
  const c = it.combustivel;
  if (c && (c.pGLP !== undefined || c.pGNn !== undefined || c.pGNi !== undefined)) {
    const soma = dec(c.pGLP).plus(dec(c.pGNn)).plus(dec(c.pGNi));
    if (!soma.equals(100)) err('combustivel', `os percentuais de GLP, gás natural nacional e importado somam ${soma.toFixed(2)}%; devem somar 100%.`);
  }
  if (c?.origens?.length) {
    const soma = c.origens.reduce((s, o) => s.plus(dec(o.pOrig)), dec(0));
    if (!soma.equals(100)) err('combustivel.origens', `os percentuais de origem do combustível somam ${soma.toFixed(2)}%; devem somar 100%.`);
  }

  // NFC-e: consumer sale inside the state; no import, export, new vehicles or weapons.
  if (nfce) {
    if (temDI || it.impostoImportacao) err('declaracoesImportacao', 'a NFC-e não aceita declaração de importação.');
    if (it.exportacao?.length) err('exportacao', 'a NFC-e não aceita o grupo de exportação.');
    if (it.veiculo) err('veiculo', 'veículos novos são vendidos com NF-e (modelo 55), não com NFC-e.');
    if (it.armas) err('armas', 'armas de fogo são vendidas com NF-e (modelo 55), não com NFC-e.');
  }

  // Reform (PL_010): the IBSCBS groups that exclude each other.
  const r = it.ibsCbs;
  if (doc.reformaTributaria && r) {
    const alternativos = [r.monofasia && 'monofasia', r.transferenciaCredito && 'transferência de crédito', r.ajusteCompetencia && 'ajuste de competência'].filter(Boolean);
    const lista = (xs: unknown[]) => (xs.length > 1 ? `${xs.slice(0, -1).join(', ')} e ${xs[xs.length - 1]}` : String(xs[0]));
    if (alternativos.length > 1) err('ibsCbs', `IBS/CBS: ${lista(alternativos)} não podem ser informados no mesmo item.`);
    const regular = r.pIBSUF !== undefined || r.pIBSMun !== undefined || r.pCBS !== undefined;
    if (regular && alternativos.length) err('ibsCbs', `IBS/CBS: informe as alíquotas do regime regular ou ${lista(alternativos)}, não ambos.`);
    if (regular && (r.pIBSUF === undefined || r.pIBSMun === undefined || r.pCBS === undefined)) {
      err('ibsCbs', 'IBS/CBS: o regime regular exige as três alíquotas (pIBSUF, pIBSMun e pCBS), mesmo que alguma seja zero.');
    }
    if (!regular && (r.diferimento || r.reducao || r.devolucao || r.tributacaoRegular)) {
      err('ibsCbs', 'IBS/CBS: diferimento, redução, devolução e tributação regular exigem as alíquotas pIBSUF, pIBSMun e pCBS.');
    }
    if (r.creditoPresumido && r.creditoPresumidoZFM) err('ibsCbs', 'IBS/CBS: crédito presumido da operação e crédito presumido da ZFM não podem ser informados juntos.');
    const m = r.monofasia;
    if (m) {
      const pares: [string | undefined, string | undefined, string | undefined, string][] = [
        [m.qBCMono, m.adRemIBS, m.adRemCBS, 'padrão (qBCMono, adRemIBS, adRemCBS)'],
        [m.qBCMonoReten, m.adRemIBSReten, m.adRemCBSReten, 'com retenção (qBCMonoReten, adRemIBSReten, adRemCBSReten)'],
        [m.qBCMonoRet, m.adRemIBSRet, m.adRemCBSRet, 'retida anteriormente (qBCMonoRet, adRemIBSRet, adRemCBSRet)'],
      ];
      for (const [a, b, cc, nome] of pares) {
        const k = [a, b, cc].filter((v) => v !== undefined).length;
        if (k !== 0 && k !== 3) err('ibsCbs.monofasia', `IBS/CBS: a monofasia ${nome} exige os três campos.`);
      }
      if ((m.pDifIBS !== undefined) !== (m.pDifCBS !== undefined)) err('ibsCbs.monofasia', 'IBS/CBS: o diferimento da monofasia exige pDifIBS e pDifCBS.');
      if ((m.pDifIBS !== undefined) && m.qBCMono === undefined) err('ibsCbs.monofasia', 'IBS/CBS: o diferimento da monofasia incide sobre a monofasia padrão (qBCMono).');
      if (pares.every(([a]) => a === undefined)) err('ibsCbs.monofasia', 'IBS/CBS: informe ao menos um grupo da monofasia.');
    }
  }
  return erros;
}

/** Every rule violation of the document ([] = nothing found). */
export function validarRegrasNfe(doc: NfeDocumento): ErroRegra[] {
  const erros: ErroRegra[] = [];
  const local = (campo: 'retirada' | 'entrega', nome: string) => {
    const l = doc[campo];
    if (!l) return;
    if (!l.cnpj && !l.cpf) erros.push({ caminho: campo, mensagem: `Local de ${nome}: informe o CNPJ ou o CPF.` });
    if (l.cnpj && l.cpf) erros.push({ caminho: campo, mensagem: `Local de ${nome}: informe o CNPJ ou o CPF, não os dois.` });
  };
  local('retirada', 'retirada');
  local('entrega', 'entrega');
  const vistos = new Set<string>();
  (doc.autorizadosXml ?? []).forEach((a, k) => {
    const id = a.cnpj ?? a.cpf;
    if (!id || (a.cnpj && a.cpf)) erros.push({ caminho: `autorizadosXml[${k}]`, mensagem: 'Autorizado a obter o XML: informe o CNPJ ou o CPF (um dos dois).' });
    else if (vistos.has(id)) erros.push({ caminho: `autorizadosXml[${k}]`, mensagem: `O documento ${id} aparece mais de uma vez entre os autorizados a obter o XML.` });
    if (id) vistos.add(id);
  });
  if (doc.modelo === 65 && doc.exportacao) erros.push({ caminho: 'exportacao', mensagem: 'A NFC-e não aceita o grupo de exportação.' });
  doc.itens.forEach((it, i) => erros.push(...regrasItem(doc, it, i)));
  if (doc.servicos && !doc.itens.some((i) => i.issqn)) erros.push({ caminho: 'servicos', mensagem: 'Os dados de serviços (ISSQN) só valem quando algum item é de serviço.' });
  // gPagAntecipado exists only in the reform layout; each key must be a valid NF-e key, not this note's own.
  const antecipados = doc.ide.pagamentosAntecipados ?? [];
  if (antecipados.length && !doc.reformaTributaria) {
    erros.push({ caminho: 'ide.pagamentosAntecipados', mensagem: 'Pagamento antecipado (gPagAntecipado) só existe no leiaute da reforma tributária (PL_010): ligue reformaTributaria.' });
  }
  antecipados.forEach((k, i) => {
    const v = validarChave(k);
    if (!v.valida) erros.push({ caminho: `ide.pagamentosAntecipados[${i}]`, mensagem: `Pagamento antecipado ${i + 1}: ${v.motivo}` });
    else if (k.slice(20, 22) !== '55') erros.push({ caminho: `ide.pagamentosAntecipados[${i}]`, mensagem: `Pagamento antecipado ${i + 1}: a antecipação de pagamento é uma NF-e (modelo 55); a chave informada é do modelo ${k.slice(20, 22)}.` });
  });
  return erros;
}
