import Decimal from 'decimal.js';
import { decimalDigitado } from '../../../shared/money.ts';
import { Button, Card, Col, Input, Row, Select, Space, Typography } from 'antd';
import { UF, VIA_TRANSPORTE } from '../../../../generated/lookups.ts';
import type { DeclaracaoImportacaoNota, ImportacaoItem } from '../../../shared/fiscal/nota-fiscal.ts';
import { PAISES_BACEN } from '../../../shared/fiscal/paises.ts';

/** One DI as the screen edits it: dates typed dd/mm/aaaa, one adição per DI (the API takes more). */
export interface DiTela extends Pick<DeclaracaoImportacaoNota, 'numero' | 'data' | 'localDesembaraco' | 'ufDesembaraco' | 'dataDesembaraco' | 'viaTransporte' | 'intermediacao' | 'codigoExportador'> {
  chave: number;
  /** typed amounts stay text until sent (paraApi) */
  valorAFRMM: string;
  /** conta e ordem / encomenda: the acquirer's or ordering party's CNPJ and UF */
  cnpjAdquirente: string;
  ufTerceiro: string | null;
  /** the DI's one adição on this screen (the API takes more) */
  adicao: string;
  sequencial: string;
  codigoFabricante: string;
}

/** An own import's line on the screen: its DIs and the II group's values typed by the user. */
export interface ImportacaoTela {
  declaracoes: DiTela[];
  valorII: string;
  valorDespesasAduaneiras: string;
  valorIof: string;
}

let seq = 1;
export const novaDi = (): DiTela => ({ chave: seq++, numero: '', data: '', localDesembaraco: '', ufDesembaraco: 'SP', dataDesembaraco: '', viaTransporte: 1, valorAFRMM: '', intermediacao: 1, cnpjAdquirente: '', ufTerceiro: null, codigoExportador: '', adicao: '1', sequencial: '1', codigoFabricante: '' });
export const novaImportacao = (): ImportacaoTela => ({ declaracoes: [novaDi()], valorII: '', valorDespesasAduaneiras: '', valorIof: '' });

/** Countries a foreign supplier may be in (the BACEN table without Brazil). */
export const PAISES_EXTERIOR = Object.entries(PAISES_BACEN)
  .filter(([c]) => c !== '1058')
  .map(([value, nome]) => ({ value, label: `${nome.charAt(0)}${nome.slice(1).toLowerCase()} (${value})` }))
  .sort((a, b) => a.label.localeCompare(b.label, 'pt-BR'));

const INTERMEDIACAO = [
  { value: 1, label: 'Por conta própria' },
  { value: 2, label: 'Por conta e ordem' },
  { value: 3, label: 'Por encomenda' },
];

/** A typed amount as the API takes it (two decimals, never through a float); what is not a number goes as typed, for the API to refuse by name. */
const valor = (s: string) => {
  if (s.trim() === '') return undefined;
  try {
    return new Decimal(decimalDigitado(s)).toFixed(2);
  } catch {
    return decimalDigitado(s);
  }
};
/** dd/mm/aaaa → aaaa-mm-dd (what the API takes); anything else goes as typed, for the API to refuse by name. */
export const dataIso = (s: string) => {
  const m = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(s.trim());
  return m ? `${m[3]}-${m[2]}-${m[1]}` : s.trim();
};
export const dataBr = (s: string) => (/^\d{4}-\d{2}-\d{2}$/.test(s) ? s.split('-').reverse().join('/') : s);

/** The screen's line as the draft's importacao group. */
export function paraApi(t: ImportacaoTela): ImportacaoItem {
  return {
    declaracoes: t.declaracoes.map((d) => ({
      numero: d.numero.trim(),
      data: dataIso(d.data),
      localDesembaraco: d.localDesembaraco.trim(),
      ufDesembaraco: d.ufDesembaraco,
      dataDesembaraco: dataIso(d.dataDesembaraco),
      viaTransporte: d.viaTransporte,
      ...(valor(d.valorAFRMM) !== undefined ? { valorAFRMM: valor(d.valorAFRMM) } : {}),
      intermediacao: d.intermediacao,
      ...(d.intermediacao !== 1 && d.cnpjAdquirente.trim() ? { cnpjAdquirente: d.cnpjAdquirente.replace(/\D/g, '') } : {}),
      ...(d.intermediacao !== 1 && d.ufTerceiro ? { ufTerceiro: d.ufTerceiro } : {}),
      codigoExportador: d.codigoExportador.trim(),
      adicoes: [{ numero: d.adicao.trim(), sequencial: d.sequencial.trim(), codigoFabricante: d.codigoFabricante.trim() }],
    })),
    valorII: valor(t.valorII) ?? '0.00',
    ...(valor(t.valorDespesasAduaneiras) !== undefined ? { valorDespesasAduaneiras: valor(t.valorDespesasAduaneiras) } : {}),
    ...(valor(t.valorIof) !== undefined ? { valorIof: valor(t.valorIof) } : {}),
  };
}

/** A saved draft's importacao group back on the screen. */
export function daApi(i: ImportacaoItem): ImportacaoTela {
  return {
    declaracoes: i.declaracoes.map((d) => ({
      chave: seq++,
      numero: d.numero,
      data: dataBr(d.data),
      localDesembaraco: d.localDesembaraco,
      ufDesembaraco: d.ufDesembaraco,
      dataDesembaraco: dataBr(d.dataDesembaraco),
      viaTransporte: d.viaTransporte,
      valorAFRMM: d.valorAFRMM ?? '',
      intermediacao: d.intermediacao,
      cnpjAdquirente: d.cnpjAdquirente ?? '',
      ufTerceiro: d.ufTerceiro ?? null,
      codigoExportador: d.codigoExportador,
      adicao: d.adicoes[0]?.numero ?? '1',
      sequencial: d.adicoes[0]?.sequencial ?? '1',
      codigoFabricante: d.adicoes[0]?.codigoFabricante ?? '',
    })),
    valorII: i.valorII,
    valorDespesasAduaneiras: i.valorDespesasAduaneiras ?? '',
    valorIof: i.valorIof ?? '',
  };
}

/**
 * The import data of one line (shown under it on an own-import entry): its DIs (more than one when the goods came
 * in several) with the adição, and the II group: imposto de importação, despesas aduaneiras (AFRMM, taxa Siscomex…)
 * and IOF. The ICMS base "por dentro" and the other taxes are computed by the server from the tax rules.
 */
export function ImportacaoLinha({ linha, valor: t, onChange }: { linha: number; valor: ImportacaoTela; onChange: (t: ImportacaoTela) => void }) {
  const setDi = (chave: number, p: Partial<DiTela>) => onChange({ ...t, declaracoes: t.declaracoes.map((d) => (d.chave === chave ? { ...d, ...p } : d)) });
  const rot = (campo: string, k: number) => `${campo} da DI ${k + 1} da linha ${linha}`;
  return (
    <Card size="small" title={`Importação da linha ${linha}`} extra={<Button size="small" onClick={() => onChange({ ...t, declaracoes: [...t.declaracoes, novaDi()] })}>Adicionar DI</Button>}>
      <Space wrap style={{ marginBottom: 8 }}>
        <span>Imposto de importação</span>
        <Input aria-label={`Imposto de importação da linha ${linha}`} value={t.valorII} onChange={(e) => onChange({ ...t, valorII: e.target.value })} style={{ width: 110 }} />
        <span>Despesas aduaneiras</span>
        <Input aria-label={`Despesas aduaneiras da linha ${linha}`} title="AFRMM, taxa Siscomex e demais despesas do desembaraço" value={t.valorDespesasAduaneiras} onChange={(e) => onChange({ ...t, valorDespesasAduaneiras: e.target.value })} style={{ width: 110 }} />
        <span>IOF</span>
        <Input aria-label={`IOF da linha ${linha}`} value={t.valorIof} onChange={(e) => onChange({ ...t, valorIof: e.target.value })} style={{ width: 100 }} />
      </Space>
      {t.declaracoes.map((d, k) => (
        <div key={d.chave} style={{ borderTop: k ? '1px dashed #ddd' : undefined, paddingTop: k ? 8 : 0, marginBottom: 8 }}>
          <Typography.Text strong>DI {k + 1}</Typography.Text>
          {t.declaracoes.length > 1 ? (
            <Button type="link" danger size="small" onClick={() => onChange({ ...t, declaracoes: t.declaracoes.filter((x) => x.chave !== d.chave) })}>
              Remover DI
            </Button>
          ) : null}
          <Row gutter={8}>
            <Col span={4}><Input aria-label={rot('Número', k)} placeholder="Número da DI" value={d.numero} onChange={(e) => setDi(d.chave, { numero: e.target.value })} /></Col>
            <Col span={4}><Input aria-label={rot('Data', k)} placeholder="Data (dd/mm/aaaa)" value={d.data} onChange={(e) => setDi(d.chave, { data: e.target.value })} /></Col>
            <Col span={6}><Input aria-label={rot('Local do desembaraço', k)} placeholder="Local do desembaraço" value={d.localDesembaraco} onChange={(e) => setDi(d.chave, { localDesembaraco: e.target.value })} /></Col>
            <Col span={3}><Select aria-label={rot('UF do desembaraço', k)} style={{ width: '100%' }} options={UF.filter((u) => u.value !== 'EX').map((u) => ({ value: u.value, label: u.value }))} value={d.ufDesembaraco} onChange={(v) => setDi(d.chave, { ufDesembaraco: v })} /></Col>
            <Col span={4}><Input aria-label={rot('Data do desembaraço', k)} placeholder="Desembaraço (dd/mm/aaaa)" value={d.dataDesembaraco} onChange={(e) => setDi(d.chave, { dataDesembaraco: e.target.value })} /></Col>
          </Row>
          <Row gutter={8} style={{ marginTop: 6 }}>
            <Col span={4}><Select aria-label={rot('Via de transporte', k)} style={{ width: '100%' }} options={VIA_TRANSPORTE.map((v) => ({ value: v.value, label: v.label }))} value={d.viaTransporte} onChange={(v) => setDi(d.chave, { viaTransporte: v })} /></Col>
            <Col span={3}><Input aria-label={rot('AFRMM', k)} placeholder="AFRMM" disabled={d.viaTransporte !== 1} value={d.valorAFRMM} onChange={(e) => setDi(d.chave, { valorAFRMM: e.target.value })} /></Col>
            <Col span={4}><Select aria-label={rot('Forma de importação', k)} style={{ width: '100%' }} options={INTERMEDIACAO} value={d.intermediacao} onChange={(v) => setDi(d.chave, { intermediacao: v })} /></Col>
            <Col span={4}><Input aria-label={rot('Código do exportador', k)} placeholder="Código do exportador" value={d.codigoExportador} onChange={(e) => setDi(d.chave, { codigoExportador: e.target.value })} /></Col>
            <Col span={2}><Input aria-label={rot('Adição', k)} placeholder="Adição" value={d.adicao} onChange={(e) => setDi(d.chave, { adicao: e.target.value })} /></Col>
            <Col span={2}><Input aria-label={rot('Sequencial', k)} placeholder="Seq." value={d.sequencial} onChange={(e) => setDi(d.chave, { sequencial: e.target.value })} /></Col>
            <Col span={4}><Input aria-label={rot('Código do fabricante', k)} placeholder="Código do fabricante" value={d.codigoFabricante} onChange={(e) => setDi(d.chave, { codigoFabricante: e.target.value })} /></Col>
          </Row>
          {d.intermediacao !== 1 ? (
            <Row gutter={8} style={{ marginTop: 6 }}>
              <Col span={6}><Input aria-label={rot('CNPJ do adquirente ou encomendante', k)} placeholder="CNPJ do adquirente ou encomendante" value={d.cnpjAdquirente} onChange={(e) => setDi(d.chave, { cnpjAdquirente: e.target.value })} /></Col>
              <Col span={4}><Select aria-label={rot('UF do adquirente ou encomendante', k)} allowClear placeholder="UF do adquirente" style={{ width: '100%' }} options={UF.filter((u) => u.value !== 'EX').map((u) => ({ value: u.value, label: u.value }))} value={d.ufTerceiro ?? undefined} onChange={(v) => setDi(d.chave, { ufTerceiro: v ?? null })} /></Col>
            </Row>
          ) : null}
        </div>
      ))}
    </Card>
  );
}
