import { Alert, Button, Card, Col, DatePicker, Input, Row, Select, Space, Table, Typography, Upload } from 'antd';
import type { ColumnType } from 'antd/es/table';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import useSWR from 'swr';
import { formatBRL } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { toApiError } from '../../api/errors.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';
import { baixarArquivo, problemasDoErro } from '../exportacoes/baixar.ts';

interface ContaContabil {
  id: number;
  codigo: string;
  nome: string;
  tipo: 'A' | 'S';
}
interface Mapeado {
  id: number;
  descricao: string;
  tipo?: number;
  contaContabilId: number | null;
}
type Origem = 'categoria' | 'conta_financeira' | 'forma_pagamento' | 'forma_pagamento_pdv' | 'pessoa' | 'clientes' | 'fornecedores';
interface Forma extends Mapeado {
  origem: 'forma_pagamento' | 'forma_pagamento_pdv';
}
interface Mapeamentos {
  contas: ContaContabil[];
  categorias: Mapeado[];
  contasFinanceiras: Mapeado[];
  formasPagamento: Forma[];
  grupos: { origem: 'clientes' | 'fornecedores'; contaContabilId: number | null }[];
  pessoas: Mapeado[];
}
interface Leiaute {
  id: string;
  nome: string;
  extensao: string;
  parametros: { nome: string; titulo: string; tamanho: number }[];
}
interface Diario {
  competencia: string;
  quantidade: number;
  totalDebito: string;
  totalCredito: string;
  pendencias: { mensagem: string }[];
  valido: boolean;
}

/**
 * Plano de contas (issue 37): the default chart to start from, the mapping to analytic accounts of the financial
 * categories, money accounts, payment methods and customers/suppliers (one account for all, or one per person), and
 * the month's journal entries exported in a layout (generic CSV, Domínio TXT).
 */
export function PlanoContasCard() {
  const dados = useSWR('contabil/plano/mapeamentos', async (url: string) => (await api.get<Mapeamentos>(url)).data);
  const [mes, setMes] = useState<Dayjs | null>(null);
  const diarioUrl = mes ? `contabil/lancamentos-contabeis?competencia=${mes.format('MM/YYYY')}` : null;
  const diario = useSWR(diarioUrl, async (url: string) => (await api.get<Diario>(url)).data, { revalidateOnFocus: false });
  const [erro, setErro] = useState<string | null>(null);
  const leiautes = useSWR('contabil/leiautes', async (url: string) => (await api.get<Leiaute[]>(url)).data, { revalidateOnFocus: false });
  const [leiaute, setLeiaute] = useState('generico');
  const [parametros, setParametros] = useState<Record<string, string>>({});
  const escolhido = leiautes.data?.find((l) => l.id === leiaute);
  // The layout closing the month attaches (stored per client account): it starts the choice here.
  const salvo = useSWR('contabil/exportacao', async (url: string) => (await api.get<{ leiaute: string; parametros: Record<string, string> }>(url)).data, { revalidateOnFocus: false });
  const [iniciado, setIniciado] = useState(false);
  if (salvo.data && !iniciado) {
    setIniciado(true);
    setLeiaute(salvo.data.leiaute);
    setParametros(salvo.data.parametros);
  }
  const usarNoFechamento = async () => {
    setErro(null);
    try {
      await api.put('contabil/exportacao', { leiaute, parametros });
      toast('success', `O fechamento do mês anexará os lançamentos também no leiaute ${escolhido?.nome ?? leiaute}.`);
      await salvo.mutate();
    } catch (err) {
      const e = toApiError(err);
      if (e.status === 400) setErro(e.message);
      else showError(err);
    }
  };

  const analiticas = (dados.data?.contas ?? []).filter((c) => c.tipo === 'A').map((c) => ({ value: c.id, label: `${c.codigo} - ${c.nome}` }));
  const usarPadrao = async () => {
    try {
      const r = (await api.post<{ inseridas: number }>('contabil/plano/padrao')).data;
      toast('success', r.inseridas ? `${r.inseridas} contas do plano padrão incluídas.` : 'O plano padrão já está no plano de contas.');
      await dados.mutate();
    } catch (err) {
      showError(err);
    }
  };
  const [mascara, setMascara] = useState('9.9.9.99');
  const importar = async (arquivo: File) => {
    setErro(null);
    try {
      const xlsx = /\.xlsx$/i.test(arquivo.name);
      const conteudo = xlsx ? await base64(arquivo) : await arquivo.text();
      const r = (await api.post<{ inseridas: number; existentes: number }>('contabil/plano/importar', { conteudo, mascara, formato: xlsx ? 'xlsx' : 'csv' })).data;
      toast('success', `${r.inseridas} conta(s) importada(s); ${r.existentes} já estavam no plano.`);
      await dados.mutate();
    } catch (err) {
      const e = toApiError(err);
      if (e.status === 400) setErro(e.message);
      else showError(err);
    }
  };
  const mapear = async (origem: Origem, origemId: number, contaContabilId: number | null) => {
    try {
      await api.put('contabil/plano/mapeamentos', { origem, origemId, contaContabilId: contaContabilId ?? null });
      await dados.mutate();
      await diario.mutate();
    } catch (err) {
      showError(err);
    }
  };
  const exportar = async () => {
    if (!mes) return;
    setErro(null);
    try {
      const extras = Object.entries(parametros).map(([k, v]) => `&${encodeURIComponent(k)}=${encodeURIComponent(v)}`).join('');
      await baixarArquivo(`contabil/lancamentos-contabeis/arquivo?competencia=${mes.format('MM/YYYY')}&leiaute=${leiaute}${extras}`, `lancamentos-contabeis-${mes.format('MM-YYYY')}.${escolhido?.extensao ?? 'csv'}`);
    } catch (err) {
      setErro((await problemasDoErro(err)).mensagem);
    }
  };
  const exportarXlsx = async () => {
    if (!mes) return;
    try {
      await api.post('Relatorios/exportar', { recurso: 'LancamentosContabeis', tipo: 'xlsx', filter: { where: { competencia: mes.format('MM/YYYY') } }, descricao: `Lançamentos contábeis de ${mes.format('MM/YYYY')}` });
      toast('success', 'Exportação iniciada: o arquivo fica em Relatórios exportados.');
    } catch (err) {
      showError(err);
    }
  };
  const coluna = (origem?: Origem) => ({
    title: 'Conta contábil',
    render: (_: unknown, r: Mapeado & { origem?: Origem }) => (
      <Select
        data-testid={`mapa-${origem ?? r.origem}-${r.id}`}
        style={{ width: 300 }}
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder="Sem conta contábil"
        value={r.contaContabilId ?? undefined}
        options={analiticas}
        onChange={(v) => mapear(origem ?? r.origem!, r.id, (v as number | undefined) ?? null)}
      />
    ),
  });
  /** One mapping table: what is mapped (its column) and its account; `origem` absent, each row says its own (payment methods). */
  const tabela = (testid: string, linhas: (Mapeado & { origem?: Origem })[] | undefined, titulo: ColumnType<Mapeado>, origem?: Origem, vazio?: string) => (
    <Table<Mapeado & { origem?: Origem }>
      data-testid={testid}
      rowKey={(r) => `${r.origem ?? origem}-${r.id}`}
      size="small"
      pagination={{ pageSize: origem === 'pessoa' ? 5 : 8 }}
      dataSource={linhas ?? []}
      locale={vazio ? { emptyText: vazio } : undefined}
      columns={[titulo, coluna(origem)]}
    />
  );
  const grupo = (origem: 'clientes' | 'fornecedores') => dados.data?.grupos.find((g) => g.origem === origem)?.contaContabilId ?? undefined;

  return (
    <Card title="Plano de contas e lançamentos contábeis" style={{ marginTop: 16 }}>
      <Space style={{ marginBottom: 12 }} wrap>
        <Typography.Text type="secondary">{`${dados.data?.contas.length ?? 0} contas no plano de contas (Fiscal > Conta contábil SPED).`}</Typography.Text>
        <Button data-testid="plano-padrao" onClick={usarPadrao}>
          Usar plano padrão
        </Button>
        <Input data-testid="plano-mascara" addonBefore="Máscara" value={mascara} onChange={(e) => setMascara(e.target.value)} style={{ width: 200 }} />
        <Upload accept=".csv,.txt,.xlsx" showUploadList={false} beforeUpload={(f) => (void importar(f), false)}>
          <Button data-testid="plano-importar">Importar plano do escritório (CSV/XLSX)</Button>
        </Upload>
      </Space>
      <Typography.Paragraph type="secondary">CSV com código;nome;natureza;tipo, ou XLSX com essas quatro colunas (natureza 01 a 09 do SPED, tipo A analítica ou S sintética); as contas que já existem são mantidas.</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} xl={12}>
          {tabela('mapa-categorias', dados.data?.categorias, { title: 'Categoria financeira', render: (_: unknown, r: Mapeado) => `${r.descricao} (${r.tipo === 0 ? 'receita' : 'despesa'})` }, 'categoria')}
        </Col>
        <Col xs={24} xl={12}>
          {tabela('mapa-contas', dados.data?.contasFinanceiras, { title: 'Conta financeira (caixa, banco)', dataIndex: 'descricao' }, 'conta_financeira')}
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} xl={12}>
          {tabela('mapa-formas', dados.data?.formasPagamento, { title: 'Forma de pagamento', dataIndex: 'descricao' })}
        </Col>
        <Col xs={24} xl={12}>
          <Typography.Paragraph strong>Clientes e fornecedores</Typography.Paragraph>
          <Typography.Paragraph type="secondary">Sintético: uma conta para todos os clientes e uma para todos os fornecedores. Analítico: uma conta própria para a pessoa, que vale no lugar da conta do grupo.</Typography.Paragraph>
          <Space direction="vertical" style={{ width: '100%' }}>
            {(['clientes', 'fornecedores'] as const).map((g) => (
              <Space key={g} wrap>
                <span style={{ display: 'inline-block', width: 160 }}>{g === 'clientes' ? 'Todos os clientes' : 'Todos os fornecedores'}</span>
                <Select
                  data-testid={`mapa-${g}`}
                  style={{ width: 300 }}
                  allowClear
                  showSearch
                  optionFilterProp="label"
                  placeholder={g === 'clientes' ? 'Plano padrão: 1.1.2.01 Clientes' : 'Plano padrão: 2.1.1.01 Fornecedores'}
                  value={grupo(g)}
                  options={analiticas}
                  onChange={(v) => mapear(g, 0, (v as number | undefined) ?? null)}
                />
              </Space>
            ))}
            <PessoaComConta analiticas={analiticas} onMapear={(id, conta) => mapear('pessoa', id, conta)} />
            {tabela('mapa-pessoas', dados.data?.pessoas, { title: 'Cliente ou fornecedor', dataIndex: 'descricao' }, 'pessoa', 'Nenhum cliente ou fornecedor com conta própria.')}
          </Space>
        </Col>
      </Row>
      <Space style={{ marginTop: 12 }} wrap>
        <span>Lançamentos contábeis do mês:</span>
        <DatePicker data-testid="diario-mes" picker="month" format="MM/YYYY" placeholder="Mês dos lançamentos" style={{ width: 200 }} value={mes} onChange={setMes} />
        <Select data-testid="diario-leiaute" style={{ width: 280 }} value={leiaute} onChange={setLeiaute} options={(leiautes.data ?? [{ id: 'generico', nome: 'Genérico (CSV)' }]).map((l) => ({ value: l.id, label: l.nome }))} />
        {escolhido?.parametros.map((p) => (
          <Input key={p.nome} data-testid={`diario-${p.nome}`} addonBefore={p.titulo} maxLength={p.tamanho} style={{ width: 320 }} value={parametros[p.nome] ?? ''} onChange={(e) => setParametros({ ...parametros, [p.nome]: e.target.value })} />
        ))}
        <Button data-testid="diario-usar-no-fechamento" onClick={usarNoFechamento}>
          Usar no fechamento do mês
        </Button>
        <Button data-testid="diario-exportar" type="primary" disabled={!diario.data?.valido} onClick={exportar}>
          Exportar lançamentos
        </Button>
        <Button data-testid="diario-xlsx" disabled={!diario.data?.valido} onClick={exportarXlsx}>
          Exportar XLSX
        </Button>
      </Space>
      {erro ? <Alert type="error" showIcon message={erro} style={{ marginTop: 12 }} /> : null}
      {diario.data ? (
        <Alert
          data-testid="diario-resumo"
          style={{ marginTop: 12 }}
          type={diario.data.valido ? 'success' : 'warning'}
          showIcon
          message={`${diario.data.quantidade} lançamento(s) em ${diario.data.competencia}: débitos ${formatBRL(diario.data.totalDebito)}, créditos ${formatBRL(diario.data.totalCredito)}.`}
          description={diario.data.pendencias.length ? diario.data.pendencias.map((p) => p.mensagem).join(' ') : undefined}
        />
      ) : null}
    </Card>
  );
}

/** A customer or supplier given an account of his own: search the person, choose the account. */
function PessoaComConta({ analiticas, onMapear }: { analiticas: { value: number; label: string }[]; onMapear: (pessoaId: number, conta: number) => Promise<void> }) {
  const [tipo, setTipo] = useState<'cliente' | 'fornecedor'>('cliente');
  const [options, setOptions] = useState<{ value: number; label: string }[]>([]);
  const [loading, setLoading] = useState(false);
  // contábil's own search (the accountant does not see the shop's registers of people)
  const search = async (busca: string) => {
    setLoading(true);
    try {
      const r = await api.get<{ id: number; nome: string }[]>('contabil/plano/pessoas', { params: { tipo: tipo === 'fornecedor' ? 1 : 0, busca } });
      setOptions(r.data.map((p) => ({ value: p.id, label: p.nome })));
    } catch (err) {
      showError(err);
    } finally {
      setLoading(false);
    }
  };
  const [pessoa, setPessoa] = useState<number | null>(null);
  const [conta, setConta] = useState<number | null>(null);
  return (
    <Space wrap>
      <Select data-testid="pessoa-tipo" style={{ width: 130 }} value={tipo} onChange={(v) => (setTipo(v), setPessoa(null), setOptions([]))} options={[{ value: 'cliente', label: 'Cliente' }, { value: 'fornecedor', label: 'Fornecedor' }]} />
      <Select
        data-testid="pessoa-busca"
        style={{ width: 220 }}
        showSearch={{ filterOption: false, onSearch: search }}
        loading={loading}
        placeholder="Buscar pelo nome"
        value={pessoa ?? undefined}
        options={options}
        onOpenChange={(open) => open && search('')}
        onChange={(v) => setPessoa((v as number | undefined) ?? null)}
      />
      <Select data-testid="pessoa-conta" style={{ width: 240 }} showSearch optionFilterProp="label" placeholder="Conta contábil" value={conta ?? undefined} options={analiticas} onChange={(v) => setConta((v as number | undefined) ?? null)} />
      <Button data-testid="pessoa-incluir" disabled={!pessoa || !conta} onClick={() => pessoa && conta && onMapear(pessoa, conta).then(() => (setPessoa(null), setConta(null)))}>
        Dar conta própria
      </Button>
    </Space>
  );
}

/** A file's bytes as base64 (an XLSX goes to the server in the JSON body). */
async function base64(arquivo: File): Promise<string> {
  const bytes = new Uint8Array(await arquivo.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}
