import type { NfeCalculada, ItemCalculado } from './nfe-calculo.ts';
import type { Local, DeclaracaoImportacao, ExportacaoItem } from '../../../generated/fiscal/nfe-documento.ts';
import { fmt2, fmt4, dec } from './decimal.ts';
import { g, t, tx } from './xml-writer.ts';

/**
 * Layout groups beyond the everyday sale, each in the XSD's element order: retirada/entrega (F/G), DI and
 * adições (I18), detExport (I50), veículos novos (JA), medicamentos (K), armas (L), combustível (LA), II (P),
 * ISSQN (U) and ISSQNtot (W01).
 */

const v2o = (v: string | undefined) => (v === undefined ? undefined : fmt2(dec(v)));
/** TDec_1302Opc: an optional value that cannot be zero; zero is left out. */
const nz = (v: string | undefined) => (v === undefined || dec(v).isZero() ? undefined : fmt2(dec(v)));
const v4o = (v: string | undefined) => (v === undefined ? undefined : fmt4(dec(v)));

/** TLocal: retirada / entrega. */
export function localXml(nome: 'retirada' | 'entrega', l: Local): string {
  const e = l.endereco;
  return g(nome, [
    l.cnpj ? t('CNPJ', l.cnpj) : t('CPF', l.cpf), tx('xNome', l.nome),
    tx('xLgr', e.logradouro), tx('nro', e.numero), tx('xCpl', e.complemento), tx('xBairro', e.bairro), t('cMun', e.codigoMunicipio), tx('xMun', e.municipio),
    t('UF', e.uf), t('CEP', e.cep), t('cPais', '1058'), t('xPais', 'BRASIL'), t('fone', e.telefone), tx('email', l.email), t('IE', l.ie),
  ]);
}

/** DI (I18) with its adições (I25). */
export function diXml(di: DeclaracaoImportacao): string {
  return g('DI', [
    tx('nDI', di.numero), t('dDI', di.data), tx('xLocDesemb', di.localDesembaraco), t('UFDesemb', di.ufDesembaraco), t('dDesemb', di.dataDesembaraco),
    t('tpViaTransp', di.viaTransporte), t('vAFRMM', v2o(di.valorAFRMM)), t('tpIntermedio', di.intermediacao), t('CNPJ', di.cnpjAdquirente),
    t('UFTerceiro', di.ufTerceiro), tx('cExportador', di.codigoExportador),
    ...di.adicoes.map((a) => g('adi', [
      t('nAdicao', a.numero), t('nSeqAdic', a.sequencial), tx('cFabricante', a.codigoFabricante), t('vDescDI', nz(a.desconto)), tx('nDraw', a.drawback),
    ])),
  ]);
}

/** detExport (I50): drawback and/or the indirect export's remessa. */
export function detExportXml(e: ExportacaoItem): string {
  return g('detExport', [
    tx('nDraw', e.drawback),
    e.chaveNFe ? g('exportInd', [t('nRE', e.registroExportacao), t('chNFe', e.chaveNFe), t('qExport', v4o(e.quantidade))]) : '',
  ], undefined, true);
}

/** The product-specific choice that closes prod: veicProd | med | arma | comb. */
export function produtoEspecificoXml(i: ItemCalculado): string {
  const it = i.item;
  if (it.veiculo) {
    const v = it.veiculo;
    return g('veicProd', [
      t('tpOp', v.tpOp), t('chassi', v.chassi), tx('cCor', v.cCor), tx('xCor', v.xCor), tx('pot', v.pot), tx('cilin', v.cilin), tx('pesoL', v.pesoL),
      tx('pesoB', v.pesoB), tx('nSerie', v.nSerie), tx('tpComb', v.tpComb), tx('nMotor', v.nMotor), tx('CMT', v.CMT), tx('dist', v.dist),
      t('anoMod', v.anoMod), t('anoFab', v.anoFab), tx('tpPint', v.tpPint), t('tpVeic', v.tpVeic), t('espVeic', v.espVeic), t('VIN', v.VIN),
      t('condVeic', v.condVeic), t('cMod', v.cMod), t('cCorDENATRAN', v.cCorDENATRAN), t('lota', v.lota), t('tpRest', v.tpRest),
    ]);
  }
  if (it.medicamento) {
    const m = it.medicamento;
    return g('med', [t('cProdANVISA', m.cProdANVISA), tx('xMotivoIsencao', m.xMotivoIsencao), t('vPMC', fmt2(dec(m.vPMC)))]);
  }
  if (it.armas) {
    return it.armas.map((a) => g('arma', [t('tpArma', a.tpArma), tx('nSerie', a.nSerie), tx('nCano', a.nCano), tx('descr', a.descr)])).join('');
  }
  if (it.combustivel) {
    const c = it.combustivel;
    const e = c.encerrante;
    return g('comb', [
      t('cProdANP', c.cProdANP), tx('descANP', c.descANP), t('pGLP', v4o(c.pGLP)), t('pGNn', v4o(c.pGNn)), t('pGNi', v4o(c.pGNi)), t('vPart', v2o(c.vPart)),
      t('CODIF', c.CODIF), t('qTemp', v4o(c.qTemp)), t('UFCons', c.UFCons),
      c.cide && g('CIDE', [t('qBCProd', fmt4(dec(c.cide.qBCProd))), t('vAliqProd', fmt4(dec(c.cide.vAliqProd))), t('vCIDE', fmt2(i.vCIDE))]),
      e && g('encerrante', [t('nBico', e.nBico), t('nBomba', e.nBomba), t('nTanque', e.nTanque), t('vEncIni', dec(e.vEncIni).toFixed(3)), t('vEncFin', dec(e.vEncFin).toFixed(3))]),
      t('pBio', v4o(c.pBio)),
      ...(c.origens ?? []).map((o) => g('origComb', [t('indImport', o.indImport), t('cUFOrig', o.cUFOrig), t('pOrig', fmt4(dec(o.pOrig)))])),
    ]);
  }
  return '';
}

/** II (P): the import duty as the DI states it. */
export function iiXml(i: ItemCalculado): string {
  const ii = i.item.impostoImportacao;
  if (!ii) return '';
  return g('II', [t('vBC', fmt2(dec(ii.vBC))), t('vDespAdu', fmt2(dec(ii.vDespAdu))), t('vII', fmt2(i.vII)), t('vIOF', fmt2(dec(ii.vIOF)))]);
}

/** ISSQN (U) of a service item. */
export function issqnXml(i: ItemCalculado, n: NfeCalculada): string {
  const s = i.item.issqn;
  if (!s) return '';
  return g('ISSQN', [
    t('vBC', fmt2(i.vBCISS)), t('vAliq', fmt4(dec(s.vAliq))), t('vISSQN', fmt2(i.vISSQN)), t('cMunFG', s.cMunFG ?? n.doc.emitente.endereco.codigoMunicipio),
    t('cListServ', s.cListServ), t('vDeducao', nz(s.vDeducao)), t('vOutro', nz(s.vOutro)), i.vDesc.isZero() ? '' : t('vDescIncond', fmt2(i.vDesc)),
    t('vDescCond', nz(s.vDescCond)), i.vISSRet.isZero() ? '' : t('vISSRet', fmt2(i.vISSRet)), t('indISS', s.indISS ?? 1), tx('cServico', s.cServico),
    t('cMun', s.cMun), t('cPais', s.cPais), tx('nProcesso', s.nProcesso), t('indIncentivo', s.incentivoFiscal ? 1 : 2),
  ]);
}

/** ISSQNtot (W01): written when any item is a service; zero sums are left out (TDec_1302Opc). */
export function issqnTotXml(n: NfeCalculada): string {
  const s = n.totais;
  if (!s.temServico) return '';
  const opc = (nome: string, v: typeof s.vServ) => (v.isZero() ? '' : t(nome, fmt2(v)));
  return g('ISSQNtot', [
    opc('vServ', s.vServ), opc('vBC', s.vBCISS), opc('vISS', s.vISS), opc('vPIS', s.vPISServ), opc('vCOFINS', s.vCOFINSServ),
    t('dCompet', n.doc.servicos?.dataCompetencia ?? n.doc.ide.dataEmissao.slice(0, 10)),
    opc('vDeducao', s.vDeducao), opc('vOutro', s.vOutroServ), opc('vDescIncond', s.vDescIncond), opc('vDescCond', s.vDescCond), opc('vISSRet', s.vISSRet),
    t('cRegTrib', n.doc.servicos?.cRegTrib),
  ]);
}
