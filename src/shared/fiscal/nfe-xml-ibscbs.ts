import type { NfeCalculada, ItemCalculado, TributoIbsCbs } from './nfe-calculo.ts';
import { fmt2, fmt4, dec, pct, type Dec } from './decimal.ts';
import { g, t } from './xml-writer.ts';

/**
 * IBSCBS of the item (PL_010, TTribNFe) and IBSCBSTot. The groups a small retailer meets: regular taxation with
 * deferral (gDif), returned tax (gDevTrib) and rate reduction (gRed), the regular taxation that would apply
 * (gTribRegular), monophasic fuel (gIBSCBSMono), credit transfer (gTransfCred), competence adjustment
 * (gAjusteCompet), credit reversal (gEstornoCred)
 * and presumed credit (gCredPresOper / gCredPresIBSZFM).
 */

const v = (d: Dec) => fmt2(d);
const p = (d: Dec | string | undefined) => fmt4(dec(d));

interface Entradas {
  dif?: string;
  red?: string;
}

function tributo(nome: 'IBSUF' | 'IBSMun' | 'CBS', tr: TributoIbsCbs, e: Entradas): string {
  return g(nome === 'CBS' ? 'gCBS' : `g${nome}`, [
    t(`p${nome}`, p(tr.p)),
    e.dif !== undefined ? g('gDif', [t('pDif', p(e.dif)), t('vDif', v(tr.vDif))]) : '',
    tr.vDevTrib.isZero() ? '' : g('gDevTrib', [t('vDevTrib', v(tr.vDevTrib))]),
    e.red !== undefined ? g('gRed', [t('pRedAliq', p(e.red)), t('pAliqEfet', p(tr.pEfet))]) : '',
    t(`v${nome}`, v(tr.valor)),
  ]);
}

export function ibsCbsXml(i: ItemCalculado, n: NfeCalculada): string {
  const r = i.item.ibsCbs;
  const c = i.ibs;
  if (!n.doc.reformaTributaria || !r || !c) return '';
  let grupo = '';
  if (c.grupo === 'regular') {
    const tr = r.tributacaoRegular;
    grupo = g('gIBSCBS', [
      t('vBC', v(c.vBC)),
      tributo('IBSUF', c.uf, { dif: r.diferimento?.pIBSUF, red: r.reducao?.pIBSUF }),
      tributo('IBSMun', c.mun, { dif: r.diferimento?.pIBSMun, red: r.reducao?.pIBSMun }),
      t('vIBS', v(c.uf.valor.plus(c.mun.valor))),
      tributo('CBS', c.cbs, { dif: r.diferimento?.pCBS, red: r.reducao?.pCBS }),
      tr && g('gTribRegular', [
        t('CSTReg', tr.CST), t('cClassTribReg', tr.cClassTrib),
        t('pAliqEfetRegIBSUF', p(tr.pIBSUF)), t('vTribRegIBSUF', v(pct(c.vBC, tr.pIBSUF))),
        t('pAliqEfetRegIBSMun', p(tr.pIBSMun)), t('vTribRegIBSMun', v(pct(c.vBC, tr.pIBSMun))),
        t('pAliqEfetRegCBS', p(tr.pCBS)), t('vTribRegCBS', v(pct(c.vBC, tr.pCBS))),
      ]),
    ]);
  } else if (c.grupo === 'mono' && c.mono && r.monofasia) {
    const m = r.monofasia;
    const x = c.mono;
    grupo = g('gIBSCBSMono', [
      m.qBCMono !== undefined && g('gMonoPadrao', [
        t('qBCMono', p(m.qBCMono)), t('adRemIBS', p(m.adRemIBS)), t('adRemCBS', p(m.adRemCBS)), t('vIBSMono', v(x.vIBSMono)), t('vCBSMono', v(x.vCBSMono)),
      ]),
      m.qBCMonoReten !== undefined && g('gMonoReten', [
        t('qBCMonoReten', p(m.qBCMonoReten)), t('adRemIBSReten', p(m.adRemIBSReten)), t('vIBSMonoReten', v(x.vIBSMonoReten)),
        t('adRemCBSReten', p(m.adRemCBSReten)), t('vCBSMonoReten', v(x.vCBSMonoReten)),
      ]),
      m.qBCMonoRet !== undefined && g('gMonoRet', [
        t('qBCMonoRet', p(m.qBCMonoRet)), t('adRemIBSRet', p(m.adRemIBSRet)), t('vIBSMonoRet', v(x.vIBSMonoRet)),
        t('adRemCBSRet', p(m.adRemCBSRet)), t('vCBSMonoRet', v(x.vCBSMonoRet)),
      ]),
      m.pDifIBS !== undefined && g('gMonoDif', [
        t('pDifIBS', p(m.pDifIBS)), t('vIBSMonoDif', v(x.vIBSMonoDif)), t('pDifCBS', p(m.pDifCBS)), t('vCBSMonoDif', v(x.vCBSMonoDif)),
      ]),
      t('vTotIBSMonoItem', v(x.vTotIBSMonoItem)), t('vTotCBSMonoItem', v(x.vTotCBSMonoItem)),
    ], undefined, true);
  } else if (c.grupo === 'transf' && r.transferenciaCredito) {
    grupo = g('gTransfCred', [t('vIBS', v(dec(r.transferenciaCredito.vIBS))), t('vCBS', v(dec(r.transferenciaCredito.vCBS)))]);
  } else if (c.grupo === 'ajuste' && r.ajusteCompetencia) {
    const a = r.ajusteCompetencia;
    grupo = g('gAjusteCompet', [t('competApur', a.competencia), t('vIBS', v(dec(a.vIBS))), t('vCBS', v(dec(a.vCBS)))]);
  }
  const est = r.estornoCredito;
  const cp = r.creditoPresumido;
  const zfm = r.creditoPresumidoZFM;
  const credPres = (nome: string, pc: string | undefined, valor: Dec, suspensa: boolean) =>
    pc === undefined ? '' : g(nome, [t('pCredPres', p(pc)), t(suspensa ? 'vCredPresCondSus' : 'vCredPres', v(valor))]);
  return g('IBSCBS', [
    t('CST', r.CST), t('cClassTrib', r.cClassTrib), r.indDoacao ? t('indDoacao', 1) : '',
    grupo,
    est && g('gEstornoCred', [t('vIBSEstCred', v(dec(est.vIBSEstCred))), t('vCBSEstCred', v(dec(est.vCBSEstCred)))]),
    cp && c.credPres && g('gCredPresOper', [
      t('vBCCredPres', v(c.credPres.vBC)), t('cCredPres', cp.cCredPres),
      credPres('gIBSCredPres', cp.pIBS, c.credPres.vIBS, c.credPres.condicaoSuspensiva),
      credPres('gCBSCredPres', cp.pCBS, c.credPres.vCBS, c.credPres.condicaoSuspensiva),
    ]),
    zfm && g('gCredPresIBSZFM', [t('competApur', zfm.competencia), t('tpCredPresIBSZFM', zfm.tipo), t('vCredPresIBSZFM', v(dec(zfm.vCredPresIBSZFM)))]),
  ]);
}


/** IBSCBSTot: sums of the items; gIBS/gCBS when any item has the regular group, gMono and gEstornoCred when used. */
export function ibsCbsTotXml(n: NfeCalculada): string {
  const s = n.totais;
  const b = s.ibs;
  const regular = n.itens.some((i) => i.ibs?.grupo === 'regular' || i.ibs?.credPres);
  return g('IBSCBSTot', [
    t('vBCIBSCBS', v(s.vBCIBSCBS)),
    regular && g('gIBS', [
      g('gIBSUF', [t('vDif', v(b.vDifUF)), t('vDevTrib', v(b.vDevTribUF)), t('vIBSUF', v(s.vIBSUF))]),
      g('gIBSMun', [t('vDif', v(b.vDifMun)), t('vDevTrib', v(b.vDevTribMun)), t('vIBSMun', v(s.vIBSMun))]),
      t('vIBS', v(s.vIBSUF.plus(s.vIBSMun))), t('vCredPres', v(b.vCredPresIBS)), t('vCredPresCondSus', v(b.vCredPresCondSusIBS)),
    ]),
    regular && g('gCBS', [
      t('vDif', v(b.vDifCBS)), t('vDevTrib', v(b.vDevTribCBS)), t('vCBS', v(s.vCBS)), t('vCredPres', v(b.vCredPresCBS)), t('vCredPresCondSus', v(b.vCredPresCondSusCBS)),
    ]),
    b.temMono && g('gMono', [
      t('vIBSMono', v(b.vIBSMono)), t('vCBSMono', v(b.vCBSMono)), t('vIBSMonoReten', v(b.vIBSMonoReten)), t('vCBSMonoReten', v(b.vCBSMonoReten)),
      t('vIBSMonoRet', v(b.vIBSMonoRet)), t('vCBSMonoRet', v(b.vCBSMonoRet)),
    ]),
    b.temEstorno && g('gEstornoCred', [t('vIBSEstCred', v(b.vIBSEstCred)), t('vCBSEstCred', v(b.vCBSEstCred))]),
  ]);
}
