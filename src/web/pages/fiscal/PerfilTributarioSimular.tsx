import { Alert, Button, Checkbox, DatePicker, Descriptions, Form, Input, Select, Space, Table } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { api } from '../../api/client.ts';
import { toApiError } from '../../api/errors.ts';
import { formatBRL } from '../../../shared/money.ts';
import type { TributacaoItem } from '../../../shared/fiscal/tributacao.ts';
import type { IbsCbsTributado } from '../../../shared/fiscal/ibscbs.ts';

interface Simulacao { data: string; resultado: TributacaoItem; ibsCbs: IbsCbsTributado | null; ibsCbsAviso?: string }
type Linha = { tributo: string; valores: string[] };

/** The taxes of the two simulated dates side by side: ICMS/PIS/COFINS of the rules, IBS/CBS of the reform's tables. */
function comparativo(s: Simulacao[]): Linha[] {
  const aliqValor = (p: string | null | undefined, v: string | undefined) => (p === undefined ? '—' : p === null ? 'alíquota não publicada' : `${pct(p)}: ${formatBRL(v ?? '0')}`);
  const linhas: [string, (x: Simulacao) => string][] = [
    ['ICMS', (x) => (x.resultado.icms.pICMS ? `${pct(x.resultado.icms.pICMS)}: ${formatBRL(x.resultado.icms.vICMS)}` : `${x.resultado.icms.CSOSN ? 'CSOSN ' + x.resultado.icms.CSOSN : 'CST ' + x.resultado.icms.CST}: ${formatBRL(x.resultado.icms.vICMS)}`)],
    ['PIS', (x) => (x.resultado.pis ? `CST ${x.resultado.pis.CST}, ${pct(x.resultado.pis.aliquota)}: ${formatBRL(x.resultado.pis.vPIS)}` : '—')],
    ['COFINS', (x) => (x.resultado.cofins ? `CST ${x.resultado.cofins.CST}, ${pct(x.resultado.cofins.aliquota)}: ${formatBRL(x.resultado.cofins.vCOFINS)}` : '—')],
    ['CST / cClassTrib do IBS/CBS', (x) => (x.ibsCbs ? `${x.ibsCbs.ibsCbs.CST} / ${x.ibsCbs.ibsCbs.cClassTrib}` : (x.ibsCbsAviso ?? '—'))],
    ['IBS da UF', (x) => (x.ibsCbs ? aliqValor(x.ibsCbs.pEfetIBSUF, x.ibsCbs.vIBSUF) : '—')],
    ['IBS municipal', (x) => (x.ibsCbs ? aliqValor(x.ibsCbs.pEfetIBSMun, x.ibsCbs.vIBSMun) : '—')],
    ['CBS', (x) => (x.ibsCbs ? aliqValor(x.ibsCbs.pEfetCBS, x.ibsCbs.vCBS) : '—')],
  ];
  return linhas.map(([tributo, f]) => ({ tributo, valores: s.map(f) }));
}
import { useLookupOptions } from './use-fiscal-lookups.ts';

const pct = (v: string | undefined) => (v === undefined ? '—' : `${v.replace('.', ',')}%`);

/**
 * "Simular": the taxes of one line of this perfil sold by the selected branch to a UF, computed by the server
 * with the same rule function the issuing path uses (POST /api/Tributacao/simular).
 */
export default function PerfilTributarioSimular({ id }: { id: number }) {
  const ufs = useLookupOptions('uf');
  const origens = useLookupOptions('origemMercadoria', true);
  const [resultado, setResultado] = useState<TributacaoItem | null>(null);
  const [simulacoes, setSimulacoes] = useState<Simulacao[]>([]);
  const [erro, setErro] = useState<string | null>(null);
  const [loading, setLoading] = useState(false);

  const simular = async (v: Record<string, unknown>) => {
    setLoading(true);
    setErro(null);
    try {
      const datas = [v.data as dayjs.Dayjs, v.dataComparacao as dayjs.Dayjs | null].filter((d): d is dayjs.Dayjs => !!d).map((d) => d.format('YYYY-MM-DD'));
      const respostas = await Promise.all(
        datas.map((data) =>
          api.post<Omit<Simulacao, 'data'>>('Tributacao/simular', {
            perfilTributarioId: id,
            ufDestino: v.ufDestino,
            valor: String(v.valor ?? '100').replace(/\./g, '').replace(',', '.'),
            data,
            origem: v.origem ?? 0,
            consumidorFinal: !!v.consumidorFinal,
            indIEDest: v.contribuinte ? 1 : 9,
          }),
        ),
      );
      setResultado(respostas[0].data.resultado);
      setSimulacoes(respostas.map((r, i) => ({ ...r.data, data: datas[i] })));
    } catch (err) {
      setResultado(null);
      setSimulacoes([]);
      setErro(toApiError(err).message);
    } finally {
      setLoading(false);
    }
  };

  const icms = resultado?.icms;
  return (
    <div data-testid="perfil-simular">
      <Form layout="inline" onFinish={simular} initialValues={{ valor: '100,00', data: dayjs(), dataComparacao: dayjs().add(1, 'year').startOf('year'), origem: 0, consumidorFinal: true }}>
        <Form.Item name="ufDestino" label="UF de destino" rules={[{ required: true, message: 'Informe a UF de destino.' }]}>
          <Select id="simular-uf" showSearch options={ufs} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="valor" label="Valor do item (R$)">
          <Input id="simular-valor" style={{ width: 110 }} inputMode="decimal" />
        </Form.Item>
        <Form.Item name="data" label="Data">
          <DatePicker id="simular-data" format="DD/MM/YYYY" allowClear={false} />
        </Form.Item>
        <Form.Item name="dataComparacao" label="Comparar com">
          <DatePicker id="simular-data-comparacao" format="DD/MM/YYYY" />
        </Form.Item>
        <Form.Item name="origem" label="Origem">
          <Select options={origens} style={{ width: 220 }} popupMatchSelectWidth={false} />
        </Form.Item>
        <Form.Item name="consumidorFinal" valuePropName="checked">
          <Checkbox>Consumidor final</Checkbox>
        </Form.Item>
        <Form.Item name="contribuinte" valuePropName="checked">
          <Checkbox>Contribuinte do ICMS</Checkbox>
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={loading}>
            Simular
          </Button>
        </Space>
      </Form>
      {erro && <Alert style={{ marginTop: 16 }} type="warning" showIcon message={erro} data-testid="simular-erro" />}
      {resultado && icms && (
        <Descriptions data-testid="simular-resultado" style={{ marginTop: 16 }} size="small" bordered column={2}>
          <Descriptions.Item label="CFOP">{resultado.cfop}</Descriptions.Item>
          <Descriptions.Item label={icms.CSOSN ? 'CSOSN' : 'CST do ICMS'}>{icms.CSOSN ?? icms.CST}</Descriptions.Item>
          <Descriptions.Item label="Alíquota do ICMS">{pct(icms.pICMS)}</Descriptions.Item>
          <Descriptions.Item label="Base / valor do ICMS">{`${formatBRL(icms.vBC)} / ${formatBRL(icms.vICMS)}`}</Descriptions.Item>
          {icms.pRedBC && <Descriptions.Item label="Redução da base">{pct(icms.pRedBC)}</Descriptions.Item>}
          {icms.pICMSST && <Descriptions.Item label="ICMS-ST">{`MVA ${pct(icms.pMVAST)}, alíquota ${pct(icms.pICMSST)}: base ${formatBRL(icms.vBCST)}, valor ${formatBRL(icms.vICMSST)}`}</Descriptions.Item>}
          {icms.pFCP && <Descriptions.Item label="FCP">{`${pct(icms.pFCP)}: ${formatBRL(icms.vFCP)}`}</Descriptions.Item>}
          {resultado.difal && (
            <Descriptions.Item label="DIFAL (UF de destino)">{`${pct(resultado.difal.pICMSUFDest)} − ${pct(resultado.difal.pICMSInter)}: ${formatBRL(resultado.difal.vICMSUFDest)} + FCP ${formatBRL(resultado.difal.vFCPUFDest)}`}</Descriptions.Item>
          )}
          {resultado.ipi && <Descriptions.Item label="IPI">{`CST ${resultado.ipi.CST}, ${pct(resultado.ipi.pIPI)}: ${formatBRL(resultado.ipi.vIPI)}`}</Descriptions.Item>}
          {resultado.pis && <Descriptions.Item label="PIS">{`CST ${resultado.pis.CST}, ${pct(resultado.pis.aliquota)}: ${formatBRL(resultado.pis.vPIS)}`}</Descriptions.Item>}
          {resultado.cofins && <Descriptions.Item label="COFINS">{`CST ${resultado.cofins.CST}, ${pct(resultado.cofins.aliquota)}: ${formatBRL(resultado.cofins.vCOFINS)}`}</Descriptions.Item>}
          <Descriptions.Item label="Regra aplicada">{`Tributação estadual vigente desde ${dayjs(resultado.regra.estadual.vigenciaInicio).format('DD/MM/YYYY')}`}</Descriptions.Item>
          {resultado.avisos.map((a) => (
            <Descriptions.Item key={a} label="Aviso">
              {a}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      {simulacoes.length > 0 && (
        <Table<Linha>
          data-testid="simular-comparativo"
          style={{ marginTop: 16 }}
          size="small"
          pagination={false}
          rowKey="tributo"
          dataSource={comparativo(simulacoes)}
          columns={[
            { title: 'Tributo', dataIndex: 'tributo', width: 220 },
            ...simulacoes.map((x, i) => ({ title: dayjs(x.data).format('DD/MM/YYYY'), key: x.data + i, render: (_: unknown, l: Linha) => l.valores[i] })),
          ]}
        />
      )}
      {simulacoes.flatMap((x) => (x.ibsCbs?.avisos ?? []).map((a) => (
        <Alert key={x.data + a} style={{ marginTop: 8 }} type="info" showIcon message={`${dayjs(x.data).format('DD/MM/YYYY')}: ${a}`} />
      )))}
    </div>
  );
}
