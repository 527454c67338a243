import { Alert, Button, Col, Descriptions, Input, Modal, Row, Select, Space, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import {
  CAMPOS_AJUSTE,
  CSOSN,
  CST_ICMS,
  CST_IPI_ENTRADA,
  CST_IPI_SAIDA,
  CST_PIS_COFINS_ENTRADA,
  CST_PIS_COFINS_SAIDA,
  ROTULO_AJUSTE,
  ajustesLimpos,
  destinoDaOperacao,
  digitoCfop,
  sentidoDaOperacao,
  validarAjustes,
  type AjustesTributacao,
  type CampoAjuste,
  type ContextoAjuste,
} from '../../../shared/fiscal/ajustes-tributacao.ts';
import { dec } from '../../../shared/fiscal/decimal.ts';
import type { TributosLinha } from '../../../shared/fiscal/tributar-linha.ts';
import { decimalDigitado, formatBRL } from '../../../shared/money.ts';
import { loadLookup, lookupItems } from '../../catalog/registry.ts';
import { tributarNaBase, type BaseTributaria, type Linha, type LinhasNota } from './linhas-nota.ts';

type Valores = Record<CampoAjuste, string>;
const TAXAS = new Set<CampoAjuste>(['reducaoBase', 'aliquotaIcms', 'aliquotaIpi', 'aliquotaPis', 'aliquotaCofins']);
const normal = decimalDigitado;
const mostra = (s: string | undefined) => (s ?? '').replace('.', ',');

/** What the rules alone give the line (its values before any adjustment), as the form's fields. */
function valoresDaRegra(t: TributosLinha): Valores {
  const x = t.tributacao;
  return {
    cfop: x.cfop,
    cstIcms: x.icms.CST ?? x.icms.CSOSN ?? '',
    reducaoBase: x.icms.pRedBC ?? '',
    aliquotaIcms: x.icms.pICMS ?? '',
    cstIpi: x.ipi?.CST ?? '',
    aliquotaIpi: x.ipi?.pIPI ?? '',
    cstPis: x.pis?.CST ?? '',
    aliquotaPis: x.pis?.aliquota ?? '',
    cstCofins: x.cofins?.CST ?? '',
    aliquotaCofins: x.cofins?.aliquota ?? '',
  };
}

/** The adjustments are the fields that differ from the rule (a rate compared as a number: '18' is '18.00'). */
function diferencas(v: Valores, regra: Valores): AjustesTributacao | undefined {
  const out: AjustesTributacao = {};
  for (const c of CAMPOS_AJUSTE) {
    const a = normal(v[c]);
    const r = normal(regra[c]);
    let igual = a === r;
    if (!igual && TAXAS.has(c)) {
      try {
        igual = dec(a || '0').eq(dec(r || '0'));
      } catch {
        igual = false;
      }
    }
    if (!igual) out[c] = a === '' && TAXAS.has(c) ? '0' : a;
  }
  return ajustesLimpos(out);
}

const opcoes = (codigos: readonly string[]) => codigos.map((c) => ({ value: c, label: c }));

/**
 * The "Impostos" of one line of emitir-nfe (as Bling/Tiny/Omie): the issuer changes what the law lets it choose —
 * CFOP, CST/CSOSN, base reduction and rate of the ICMS, IPI, PIS and COFINS codes and rates — and sees the amounts
 * recomputed by tributarLinha (the server's function) with those changes over the rule. validarAjustes (the
 * server's rules too) says what is not allowed before anything is applied; "Voltar às regras" drops every change.
 */
export function ImpostosLinha({ store, chave, n, onFechar }: { store: LinhasNota; chave: number; n: number; onFechar: () => void }) {
  const linha = store.linha(chave);
  const base = store.baseAtual();
  const produto = linha?.produtoId && base ? base.produtos.get(linha.produtoId) : undefined;
  const contexto: ContextoAjuste | null = base && produto ? { ...base.cabecalho, produto, regras: base.regras } : null;
  // the line by the rules alone: what "voltar às regras" gives back and what each field is compared with
  const regra = useMemo(() => (linha && base && produto ? tributarDaRegra(linha, base) : null), [linha, base, produto]);
  const valoresRegra = useMemo(() => (regra?.tributos ? valoresDaRegra(regra.tributos) : null), [regra]);
  const [valores, setValores] = useState<Valores | null>(() => (valoresRegra ? inicial(valoresRegra, linha?.ajustes) : null));
  const [cfops, setCfops] = useState(() => lookupItems('cfop') ?? null);
  useEffect(() => {
    if (!cfops) void loadLookup('cfop').then((i) => setCfops(i));
  }, [cfops]);

  const ajustes = valores && valoresRegra ? diferencas(valores, valoresRegra) : undefined;
  const tabela = useMemo(() => (cfops ? new Set(cfops.map((i) => String(i.value))) : null), [cfops]);
  const erros = contexto ? validarAjustes(ajustes, contexto, tabela ? (c) => tabela.has(c) : undefined) : [];
  const previa = linha && contexto && produto && !erros.length ? (tributarNaBase(linha, base, ajustes) ?? null) : null;

  const aplicar = () => {
    store.alterar(chave, { ajustes });
    onFechar();
  };
  const voltar = () => {
    store.alterar(chave, { ajustes: undefined });
    onFechar();
  };

  let corpo: React.ReactNode;
  if (!contexto || !valores || !valoresRegra) {
    corpo = <Alert type="info" showIcon title={regra?.erro ?? 'Escolha a natureza, o destinatário e o produto: os impostos vêm das regras, e só então se ajustam.'} />;
  } else {
    const sentido = sentidoDaOperacao(contexto.natureza);
    const digito = digitoCfop(sentido, destinoDaOperacao(contexto));
    const simples = contexto.emitente.crt === 1 || contexto.emitente.crt === 4;
    const erroDe = (c: CampoAjuste) => erros.find((e) => e.campo === c)?.mensagem;
    const set = (c: CampoAjuste, v: string) => setValores((x) => (x ? { ...x, [c]: v } : x));
    const campo = (c: CampoAjuste, el: React.ReactNode) => (
      <Col span={c === 'cfop' ? 24 : 12} key={c} style={{ marginBottom: 8 }}>
        <div>
          {c === 'cstIcms' ? (simples ? 'CSOSN do ICMS' : 'CST do ICMS') : ROTULO_AJUSTE[c]}
          {TAXAS.has(c) ? ' (%)' : ''}
          {valoresRegra[c] !== undefined && normal(valores[c]) !== normal(valoresRegra[c]) ? <Typography.Text type="secondary"> · regra: {mostra(valoresRegra[c]) || '—'}</Typography.Text> : null}
        </div>
        {el}
        {erroDe(c) ? <Typography.Text type="danger" data-testid={`erro-ajuste-${c}`}>{erroDe(c)}</Typography.Text> : null}
      </Col>
    );
    const taxa = (c: CampoAjuste) => campo(c, <Input aria-label={ROTULO_AJUSTE[c]} inputMode="decimal" value={mostra(valores[c])} status={erroDe(c) ? 'error' : undefined} onChange={(e) => set(c, e.target.value)} />);
    const codigo = (c: CampoAjuste, lista: readonly string[]) =>
      campo(c, <Select aria-label={ROTULO_AJUSTE[c]} showSearch style={{ width: '100%' }} allowClear={c === 'cstIpi'} options={opcoes(lista)} value={valores[c] || undefined} status={erroDe(c) ? 'error' : undefined} onChange={(v) => set(c, v ?? '')} />);
    const opcoesCfop = (cfops ?? []).filter((i) => String(i.value)[0] === digito).map((i) => ({ value: String(i.value), label: `${i.value} - ${i.label}` }));
    const t = previa?.tributos?.tributacao;
    corpo = (
      <>
        <Row gutter={12}>
          {campo('cfop', <Select aria-label="CFOP" showSearch optionFilterProp="label" style={{ width: '100%' }} options={opcoesCfop.length ? opcoesCfop : [{ value: valores.cfop, label: valores.cfop }]} value={valores.cfop} status={erroDe('cfop') ? 'error' : undefined} onChange={(v) => set('cfop', v)} />)}
          {codigo('cstIcms', simples ? CSOSN : CST_ICMS)}
          {taxa('aliquotaIcms')}
          {taxa('reducaoBase')}
          <Col span={12} />
          {codigo('cstIpi', sentido === 0 ? CST_IPI_ENTRADA : CST_IPI_SAIDA)}
          {taxa('aliquotaIpi')}
          {codigo('cstPis', sentido === 0 ? CST_PIS_COFINS_ENTRADA : CST_PIS_COFINS_SAIDA)}
          {taxa('aliquotaPis')}
          {codigo('cstCofins', sentido === 0 ? CST_PIS_COFINS_ENTRADA : CST_PIS_COFINS_SAIDA)}
          {taxa('aliquotaCofins')}
        </Row>
        {previa?.erro ? <Alert type="warning" showIcon title={previa.erro} /> : null}
        {t ? (
          <Descriptions size="small" column={3} bordered title="Calculado (não editável)" data-testid="previa-impostos">
            <Descriptions.Item label="Base do ICMS">{formatBRL(t.icms.vBC)}</Descriptions.Item>
            <Descriptions.Item label="ICMS">{formatBRL(t.icms.vICMS)}</Descriptions.Item>
            <Descriptions.Item label="FCP">{formatBRL(t.icms.vFCP)}</Descriptions.Item>
            <Descriptions.Item label="ICMS-ST">{formatBRL(dec(t.icms.vICMSST).plus(dec(t.icms.vFCPST)))}</Descriptions.Item>
            <Descriptions.Item label="DIFAL">{formatBRL(t.difal ? dec(t.difal.vICMSUFDest).plus(dec(t.difal.vFCPUFDest)) : '0')}</Descriptions.Item>
            <Descriptions.Item label="IPI">{formatBRL(t.ipi?.vIPI ?? '0')}</Descriptions.Item>
            <Descriptions.Item label="PIS">{formatBRL(t.pis?.vPIS ?? '0')}</Descriptions.Item>
            <Descriptions.Item label="COFINS">{formatBRL(t.cofins?.vCOFINS ?? '0')}</Descriptions.Item>
            {previa?.tributos?.ibsCbs ? (
              <>
                <Descriptions.Item label="IBS UF">{formatBRL(previa.tributos.ibsCbs.vIBSUF)}</Descriptions.Item>
                <Descriptions.Item label="IBS municipal">{formatBRL(previa.tributos.ibsCbs.vIBSMun)}</Descriptions.Item>
                <Descriptions.Item label="CBS">{formatBRL(previa.tributos.ibsCbs.vCBS)}</Descriptions.Item>
              </>
            ) : null}
          </Descriptions>
        ) : null}
      </>
    );
  }

  return (
    <Modal
      open
      width={640}
      title={`Impostos da linha ${n}${linha?.descricao ? ` — ${linha.descricao}` : ''}`}
      onCancel={onFechar}
      footer={
        <Space>
          <Button onClick={voltar} disabled={!linha?.ajustes}>
            Voltar às regras
          </Button>
          <Button onClick={onFechar}>Cancelar</Button>
          <Button type="primary" onClick={aplicar} disabled={!valores || erros.length > 0}>
            Aplicar
          </Button>
        </Space>
      }
    >
      {corpo}
    </Modal>
  );
}

function tributarDaRegra(l: Linha, base: BaseTributaria) {
  return tributarNaBase(l, base, null)!;
}

function inicial(regra: Valores, ajustes: AjustesTributacao | undefined): Valores {
  const v = { ...regra };
  for (const c of CAMPOS_AJUSTE) if (ajustes?.[c] !== undefined) v[c] = ajustes[c]!;
  return v;
}
