import { Alert, Button, Card, Col, DatePicker, Input, Row, Select, Space, Table, Typography, Upload } from 'antd';
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
interface Mapeamentos {
  contas: ContaContabil[];
  categorias: Mapeado[];
  contasFinanceiras: Mapeado[];
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
 * Plano de contas (issue 37): the default chart to start from, the mapping of financial categories and money
 * accounts to analytic accounts, and the month's journal entries exported as CSV.
 */
export function PlanoContasCard() {
  const dados = useSWR('contabil/plano/mapeamentos', async (url: string) => (await api.get<Mapeamentos>(url)).data);
  const [mes, setMes] = useState<Dayjs | null>(null);
  const diarioUrl = mes ? `contabil/lancamentos-contabeis?competencia=${mes.format('MM/YYYY')}` : null;
  const diario = useSWR(diarioUrl, async (url: string) => (await api.get<Diario>(url)).data, { revalidateOnFocus: false });
  const [erro, setErro] = useState<string | null>(null);

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
  const mapear = async (origem: 'categoria' | 'conta_financeira', origemId: number, contaContabilId: number | null) => {
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
      await baixarArquivo(`contabil/lancamentos-contabeis/arquivo?competencia=${mes.format('MM/YYYY')}`, `lancamentos-contabeis-${mes.format('MM-YYYY')}.csv`);
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
  const coluna = (origem: 'categoria' | 'conta_financeira') => ({
    title: 'Conta contábil',
    render: (_: unknown, r: Mapeado) => (
      <Select
        data-testid={`mapa-${origem}-${r.id}`}
        style={{ width: 300 }}
        allowClear
        showSearch
        optionFilterProp="label"
        placeholder="Sem conta contábil"
        value={r.contaContabilId ?? undefined}
        options={analiticas}
        onChange={(v) => mapear(origem, r.id, (v as number | undefined) ?? null)}
      />
    ),
  });

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
          <Table<Mapeado>
            data-testid="mapa-categorias"
            rowKey="id"
            size="small"
            pagination={{ pageSize: 8 }}
            dataSource={dados.data?.categorias ?? []}
            columns={[{ title: 'Categoria financeira', render: (_, r) => `${r.descricao} (${r.tipo === 0 ? 'receita' : 'despesa'})` }, coluna('categoria')]}
          />
        </Col>
        <Col xs={24} xl={12}>
          <Table<Mapeado>
            data-testid="mapa-contas"
            rowKey="id"
            size="small"
            pagination={{ pageSize: 8 }}
            dataSource={dados.data?.contasFinanceiras ?? []}
            columns={[{ title: 'Conta financeira (caixa, banco)', dataIndex: 'descricao' }, coluna('conta_financeira')]}
          />
        </Col>
      </Row>
      <Space style={{ marginTop: 12 }} wrap>
        <span>Lançamentos contábeis do mês:</span>
        <DatePicker data-testid="diario-mes" picker="month" format="MM/YYYY" placeholder="Mês dos lançamentos" value={mes} onChange={setMes} />
        <Button data-testid="diario-exportar" type="primary" disabled={!diario.data?.valido} onClick={exportar}>
          Exportar lançamentos (CSV)
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

/** A file's bytes as base64 (an XLSX goes to the server in the JSON body). */
async function base64(arquivo: File): Promise<string> {
  const bytes = new Uint8Array(await arquivo.arrayBuffer());
  let bin = '';
  for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  return btoa(bin);
}
