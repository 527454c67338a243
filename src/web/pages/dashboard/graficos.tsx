import { Card, Col, Row, Skeleton, Space, Statistic, Typography } from 'antd';
import Decimal from 'decimal.js';
import type { EChartsOption } from 'echarts';
import { lazy, Suspense } from 'react';
import { Link } from 'react-router-dom';
import useSWR from 'swr';
import { paletaDaMarca } from '../../../shared/contraste.ts';
import { formatDate } from '../../../shared/dates.ts';
import { formatBRL, formatQuantity } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { themeColor, useBrand } from '../../brand/brand.ts';

// ECharts comes in its own chunk after the cards are painted: the cards never wait for it.
const Grafico = lazy(() => import('./Grafico.tsx'));

export type Dinheiro = string;
interface VendasMes {
  hoje: string;
  mes: string;
  mesAnterior: string;
  dias: { dia: number; mes: Dinheiro | null; anterior: Dinheiro | null }[];
  totalMes: Dinheiro;
  totalMesAnterior: Dinheiro;
  mesAnteriorAteODia: Dinheiro;
}
interface Fluxo {
  de: string;
  ate: string;
  saldoInicial: Dinheiro;
  saldoFinal: Dinheiro;
  dias: { data: string; entradas: Dinheiro; saidas: Dinheiro; saldo: Dinheiro }[];
}
interface ResumoVendas {
  topProdutos: { produto: string; quantidade: string; valor: Dinheiro }[];
}
interface Painel {
  saldos: { contaId: number; descricao: string; saldo: Dinheiro }[];
  saldoTotal: Dinheiro;
}

/** The brand's palette for the charts (fills in its colour, text in the shade that reads on white). */
function usePaleta() {
  const { data: brand } = useBrand();
  return paletaDaMarca(themeColor(brand));
}

/** A chart once its data is in: a skeleton of the same height until ECharts arrives. */
function GraficoPreguicoso({ option, altura, descricao, teste }: { option: EChartsOption; altura: number; descricao: string; teste: string }) {
  return (
    <Suspense fallback={<Skeleton.Node active style={{ width: '100%', height: altura }} />}>
      <Grafico option={option} altura={altura} descricao={descricao} teste={teste} />
    </Suspense>
  );
}

const mesAno = (ym: string) => `${ym.slice(5, 7)}/${ym.slice(0, 4)}`;
const ddmm = (iso: string) => formatDate(iso).slice(0, 5);
const num = (v: Dinheiro | null) => (v === null ? null : Number(v));
const eixoDinheiro = { type: 'value' as const, axisLabel: { formatter: (v: number) => formatBRL(String(v)).replace(/,00$/, '') } };
const tooltipDinheiro = (nomes: (i: number) => string, valores: ((i: number) => Dinheiro | null)[], titulos: string[]) => ({
  trigger: 'axis' as const,
  formatter: (ps: unknown) => {
    const i = (ps as { dataIndex: number }[])[0]?.dataIndex ?? 0;
    return [nomes(i), ...valores.map((v, k) => (v(i) === null ? null : `${titulos[k]}: ${formatBRL(v(i))}`)).filter(Boolean)].join('<br/>');
  },
});

/** The month's sales against the last month's, day by day (app.painelvendas). */
export function VendasMesCard() {
  const paleta = usePaleta();
  const { data, isLoading } = useSWR('dashboard:vendas-mes', async () => (await api.get<VendasMes>('Dashboard/vendas')).data, { revalidateOnFocus: false });
  // The month so far against the last month up to the same day, in % (one decimal).
  const variacao = data && !new Decimal(data.mesAnteriorAteODia).isZero() ? new Decimal(data.totalMes).minus(data.mesAnteriorAteODia).div(data.mesAnteriorAteODia).times(100).toDecimalPlaces(1) : null;
  const option: EChartsOption | null = data
    ? {
        color: [paleta.series[0], paleta.series[1]],
        grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
        legend: { top: 0, textStyle: { color: '#434343' } },
        tooltip: tooltipDinheiro((i) => `Dia ${i + 1}`, [(i) => data.dias[i].mes, (i) => data.dias[i].anterior], [mesAno(data.mes), mesAno(data.mesAnterior)]),
        xAxis: { type: 'category', data: data.dias.map((d) => String(d.dia)), axisLabel: { color: '#434343' } },
        yAxis: { ...eixoDinheiro, axisLabel: { ...eixoDinheiro.axisLabel, color: '#434343' } },
        series: [
          { name: mesAno(data.mes), type: 'bar', data: data.dias.map((d) => num(d.mes)) },
          { name: mesAno(data.mesAnterior), type: 'line', smooth: true, symbol: 'none', lineStyle: { width: 2, color: paleta.series[2] }, itemStyle: { color: paleta.series[2] }, data: data.dias.map((d) => num(d.anterior)) },
        ],
      }
    : null;
  return (
    <Card size="small" title={<Link to="/pages/relatorios/vendas/menu">Vendas do mês x mês anterior</Link>} data-dashboard="vendas-mes">
      <Row gutter={[12, 12]}>
        <Col xs={24} sm={8}>
          <Statistic title={data ? `Mês atual (${mesAno(data.mes)})` : 'Mês atual'} value={data ? formatBRL(data.totalMes) : ''} loading={isLoading} data-valor="totalMes" />
        </Col>
        <Col xs={24} sm={8}>
          <Statistic title="Mês anterior até hoje" value={data ? formatBRL(data.mesAnteriorAteODia) : ''} loading={isLoading} data-valor="mesAnteriorAteODia" />
        </Col>
        <Col xs={24} sm={8}>
          <Statistic
            title={data ? `Mês anterior (${mesAno(data.mesAnterior)})` : 'Mês anterior'}
            value={data ? formatBRL(data.totalMesAnterior) : ''}
            loading={isLoading}
            data-valor="totalMesAnterior"
            suffix={variacao === null ? null : <span style={{ fontSize: 12, color: variacao.isNegative() ? '#a8071a' : '#237804' }}>{`${variacao.isNegative() ? '' : '+'}${variacao.toFixed(1).replace('.', ',')}%`}</span>}
          />
        </Col>
      </Row>
      {option && data && (
        <Link to="/pages/relatorios/vendas/menu">
          <GraficoPreguicoso option={option} altura={240} teste="vendas-mes" descricao={`Vendas por dia: ${mesAno(data.mes)} ${formatBRL(data.totalMes)}; ${mesAno(data.mesAnterior)} ${formatBRL(data.totalMesAnterior)}.`} />
        </Link>
      )}
    </Card>
  );
}

/** The month's top products by revenue (the sales card's list, as bars). */
export function TopProdutosCard() {
  const paleta = usePaleta();
  const { data } = useSWR('dashboard:vendas', async () => (await api.get<ResumoVendas>('Vendas/resumo')).data, { revalidateOnFocus: false });
  const top = [...(data?.topProdutos ?? [])].reverse();
  const option: EChartsOption = {
    color: [paleta.series[0]],
    grid: { left: 8, right: 16, top: 8, bottom: 8, containLabel: true },
    tooltip: tooltipDinheiro((i) => `${top[i].produto} (${formatQuantity(top[i].quantidade)})`, [(i) => top[i].valor], ['Valor']),
    xAxis: { ...eixoDinheiro, axisLabel: { ...eixoDinheiro.axisLabel, color: '#434343' } },
    yAxis: { type: 'category', data: top.map((p) => (p.produto.length > 24 ? `${p.produto.slice(0, 23)}…` : p.produto)), axisLabel: { color: '#434343' } },
    series: [{ type: 'bar', data: top.map((p) => Number(p.valor)) }],
  };
  return (
    <Card size="small" title={<Link to="/pages/relatorios/vendas/menu">Produtos mais vendidos no mês</Link>} data-dashboard="top-produtos">
      {data && !top.length && <Typography.Text type="secondary">Nenhuma venda faturada neste mês.</Typography.Text>}
      {data && top.length > 0 && (
        <Link to="/pages/relatorios/vendas/menu">
          <GraficoPreguicoso option={option} altura={220} teste="top-produtos" descricao={`Produtos mais vendidos no mês: ${data.topProdutos.map((p) => `${p.produto} ${formatBRL(p.valor)}`).join('; ')}.`} />
        </Link>
      )}
      {!data && <Skeleton active />}
    </Card>
  );
}

/** The next 30 days: receivables and payables due each day and the projected balance (app.painelFinanceiro). */
export function FluxoCard() {
  const paleta = usePaleta();
  const { data, isLoading } = useSWR('dashboard:fluxo', async () => (await api.get<Fluxo>('Dashboard/fluxo')).data, { revalidateOnFocus: false });
  const entradas = data ? data.dias.reduce((s, d) => s.plus(d.entradas), new Decimal(0)) : null;
  const saidas = data ? data.dias.reduce((s, d) => s.plus(d.saidas), new Decimal(0)) : null;
  const option: EChartsOption | null = data
    ? {
        color: [paleta.series[0], paleta.series[3], '#434343'],
        grid: { left: 8, right: 8, top: 32, bottom: 8, containLabel: true },
        legend: { top: 0, textStyle: { color: '#434343' } },
        tooltip: tooltipDinheiro((i) => formatDate(data.dias[i].data), [(i) => data.dias[i].entradas, (i) => data.dias[i].saidas, (i) => data.dias[i].saldo], ['A receber', 'A pagar', 'Saldo previsto']),
        xAxis: { type: 'category', data: data.dias.map((d) => ddmm(d.data)), axisLabel: { color: '#434343' } },
        yAxis: { ...eixoDinheiro, axisLabel: { ...eixoDinheiro.axisLabel, color: '#434343' } },
        series: [
          { name: 'A receber', type: 'bar', stack: 'f', data: data.dias.map((d) => Number(d.entradas)) },
          { name: 'A pagar', type: 'bar', stack: 'f', data: data.dias.map((d) => -Number(d.saidas)) },
          { name: 'Saldo previsto', type: 'line', symbol: 'none', data: data.dias.map((d) => Number(d.saldo)) },
        ],
      }
    : null;
  return (
    <Card size="small" title={<Link to="/pages/relatorios/financeiro/menu?relatorio=fluxo">Fluxo de caixa: próximos 30 dias</Link>} data-dashboard="fluxo">
      <Row gutter={[12, 12]}>
        <Col xs={24} sm={8}>
          <Statistic title="A receber" value={entradas ? formatBRL(entradas) : ''} loading={isLoading} data-valor="entradas" />
        </Col>
        <Col xs={24} sm={8}>
          <Statistic title="A pagar" value={saidas ? formatBRL(saidas) : ''} loading={isLoading} data-valor="saidas" />
        </Col>
        <Col xs={24} sm={8}>
          <Statistic title={data ? `Saldo previsto em ${formatDate(data.ate)}` : 'Saldo previsto'} value={data ? formatBRL(data.saldoFinal) : ''} loading={isLoading} data-valor="saldoFinal" />
        </Col>
      </Row>
      {option && data && (
        <Link to="/pages/relatorios/financeiro/menu?relatorio=fluxo">
          <GraficoPreguicoso option={option} altura={240} teste="fluxo" descricao={`Fluxo de caixa de ${formatDate(data.de)} a ${formatDate(data.ate)}: saldo previsto ${formatBRL(data.saldoFinal)}.`} />
        </Link>
      )}
    </Card>
  );
}

/** The balance of each account, as bars (the finance panel's list). */
export function SaldosGraficoCard() {
  const paleta = usePaleta();
  const { data } = useSWR('painel-financeiro', async () => (await api.get<Painel>('RelatoriosFinanceiros/painel')).data, { revalidateOnFocus: false });
  const saldos = data?.saldos ?? [];
  const option: EChartsOption = {
    grid: { left: 8, right: 16, top: 8, bottom: 8, containLabel: true },
    tooltip: tooltipDinheiro((i) => saldos[i].descricao, [(i) => saldos[i].saldo], ['Saldo']),
    xAxis: { type: 'category', data: saldos.map((s) => s.descricao), axisLabel: { color: '#434343', interval: 0, overflow: 'truncate', width: 90 } },
    yAxis: { ...eixoDinheiro, axisLabel: { ...eixoDinheiro.axisLabel, color: '#434343' } },
    series: [{ type: 'bar', data: saldos.map((s) => ({ value: Number(s.saldo), itemStyle: { color: s.saldo.startsWith('-') ? '#cf1322' : paleta.series[0] } })) }],
  };
  return (
    <Card size="small" title={<Link to="/pages/relatorios/financeiro/menu?relatorio=extrato">Saldo por conta</Link>} extra={data ? <span className="dinheiro">{formatBRL(data.saldoTotal)}</span> : null} data-dashboard="saldos-grafico">
      {data ? (
        <Link to="/pages/relatorios/financeiro/menu?relatorio=extrato">
          <GraficoPreguicoso option={option} altura={220} teste="saldos" descricao={`Saldo por conta: ${saldos.map((s) => `${s.descricao} ${formatBRL(s.saldo)}`).join('; ')}.`} />
        </Link>
      ) : (
        <Skeleton active />
      )}
    </Card>
  );
}

interface Fiscal {
  certificado: { titular: string; validoAte: string; diasParaVencer: number; vencido: boolean } | null;
  contingencia: { nfe: number; nfce: number };
  diasAviso: number;
}

/** The branch's digital certificate (when it ends) and the notes still in contingency. */
export function FiscalCard() {
  const { data, isLoading } = useSWR('dashboard:fiscal', async () => (await api.get<Fiscal>('Dashboard/fiscal')).data, { revalidateOnFocus: false });
  const c = data?.certificado;
  const aviso = c && (c.vencido || c.diasParaVencer <= (data?.diasAviso ?? 30));
  return (
    <Card size="small" title={<Link to="/pages/fiscais/certificado-digital">Fiscal</Link>} data-dashboard="fiscal">
      <Space direction="vertical" style={{ width: '100%' }}>
        <Link to="/pages/fiscais/certificado-digital">
          <Statistic
            title="Certificado digital"
            loading={isLoading}
            value={c ? (c.vencido ? 'Vencido' : `${c.diasParaVencer} dia${c.diasParaVencer === 1 ? '' : 's'}`) : 'Não enviado'}
            valueStyle={aviso || !c ? { color: '#a8071a' } : undefined}
            suffix={c ? <Typography.Text type="secondary" style={{ fontSize: 12 }}>{`vence em ${formatDate(c.validoAte.slice(0, 10))}`}</Typography.Text> : null}
            data-valor="certificado"
          />
        </Link>
        <Row gutter={12}>
          <Col span={12}>
            <Link to="/pages/nfe/notas-processadas">
              <Statistic title="NF-e em contingência" value={data?.contingencia.nfe ?? 0} loading={isLoading} valueStyle={data?.contingencia.nfe ? { color: '#ad4e00' } : undefined} data-valor="nfe" />
            </Link>
          </Col>
          <Col span={12}>
            <Link to="/pages/vendas/cupom-fiscal">
              <Statistic title="NFC-e em contingência" value={data?.contingencia.nfce ?? 0} loading={isLoading} valueStyle={data?.contingencia.nfce ? { color: '#ad4e00' } : undefined} data-valor="nfce" />
            </Link>
          </Col>
        </Row>
      </Space>
    </Card>
  );
}
