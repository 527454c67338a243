import { DownloadOutlined, UploadOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Col, Form, Progress, Radio, Row as AntRow, Select, Space, Table, Tag, Typography, Upload } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../../api/client.ts';
import { confirmDialog, showError } from '../../../dialogs/dialogs.tsx';
import { RowsTable } from '../../../ui/ListTable.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';

type Row = Record<string, any>;

const TIPOS = [
  { value: 'clientes', label: 'Clientes' },
  { value: 'fornecedores', label: 'Fornecedores' },
  { value: 'transportadores', label: 'Transportadores' },
  { value: 'produtos', label: 'Produtos' },
  { value: 'contasReceber', label: 'Contas a receber em aberto' },
  { value: 'contasPagar', label: 'Contas a pagar em aberto' },
];
const SITUACAO_LINHA: Record<string, { label: string; color: string }> = {
  valida: { label: 'Válida', color: 'green' },
  existente: { label: 'Já cadastrado', color: 'default' },
  erro: { label: 'Com erro', color: 'red' },
};
const SITUACAO: Record<string, { label: string; color: string }> = {
  analisada: { label: 'Aguardando', color: 'default' },
  importando: { label: 'Importando', color: 'processing' },
  concluida: { label: 'Concluída', color: 'green' },
  falhou: { label: 'Falhou', color: 'red' },
  desfeita: { label: 'Desfeita', color: 'orange' },
};

/** A chosen file as base64 (CSV bytes go as they are: the server tells UTF-8 from Latin-1). */
function lerArquivo(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onerror = () => reject(r.error);
    r.onload = () => {
      const bytes = new Uint8Array(r.result as ArrayBuffer);
      let bin = '';
      for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      resolve(btoa(bin));
    };
    r.readAsArrayBuffer(file);
  });
}

async function baixarModelo(tipo: string): Promise<void> {
  const r = await api.get<Blob>(`Importacoes/modelo/${tipo}`, { responseType: 'blob' });
  const href = URL.createObjectURL(r.data);
  const a = document.createElement('a');
  a.href = href;
  a.download = `modelo-${tipo}.xlsx`;
  a.click();
  setTimeout(() => URL.revokeObjectURL(href), 60_000);
}

/**
 * pages/configuracoes/importacao-de-dados: registers exported by another ERP (Bling, Tiny, Omie) as CSV or XLSX.
 * Upload, map the columns (guessed, or the mapping confirmed last time for the same header), preview each row
 * with its errors, import all or nothing or only the valid rows (a job on the server, with progress), the report,
 * and undo.
 */
export default function ImportacaoDadosPage() {
  const { message } = App.useApp();
  const [tipo, setTipo] = useState('produtos');
  const [enviando, setEnviando] = useState(false);
  const [arquivo, setArquivo] = useState<Row | null>(null);
  const [mapeamento, setMapeamento] = useState<Record<string, number | undefined>>({});
  const [previa, setPrevia] = useState<Row | null>(null);
  const [modo, setModo] = useState<'tudo' | 'validas'>('tudo');
  const [ocupado, setOcupado] = useState(false);
  const [acompanhando, setAcompanhando] = useState<number | null>(null);
  const historico = useSWR<Row[]>('Importacoes', async () => (await api.get<Row[]>('Importacoes')).data);
  const atual = useSWR<Row | null>(acompanhando ? `Importacoes/${acompanhando}` : null, async (k: string) => (await api.get<Row>(k)).data, {
    refreshInterval: (d) => (d?.situacao === 'importando' ? 1000 : 0),
    onSuccess: (d) => {
      if (d && d.situacao !== 'importando') void historico.mutate();
    },
  });

  const enviar = async (file: File) => {
    setEnviando(true);
    setPrevia(null);
    setAcompanhando(null);
    try {
      const conteudo = await lerArquivo(file);
      const r = (await api.post<Row>('Importacoes', { tipo, nomeArquivo: file.name, conteudo })).data;
      setArquivo(r);
      setMapeamento(r.mapeamento);
      void historico.mutate();
    } catch (e) {
      showError(e);
    } finally {
      setEnviando(false);
    }
  };
  const preVisualizar = async () => {
    if (!arquivo) return;
    setOcupado(true);
    try {
      setPrevia((await api.post<Row>(`Importacoes/${arquivo.id}/previa`, { mapeamento })).data);
    } catch (e) {
      showError(e);
    } finally {
      setOcupado(false);
    }
  };
  const importar = async () => {
    if (!arquivo) return;
    setOcupado(true);
    try {
      await api.post(`Importacoes/${arquivo.id}/importar`, { modo, mapeamento });
      setAcompanhando(arquivo.id);
      setArquivo(null);
      setPrevia(null);
    } catch (e) {
      showError(e);
    } finally {
      setOcupado(false);
    }
  };
  const desfazer = async (imp: Row) => {
    if (!(await confirmDialog({ title: 'Desfazer importação', content: `Excluir os ${imp.importadas} cadastro(s) criados pela importação de "${imp.nomeArquivo}"?`, okText: 'Desfazer', danger: true }))) return;
    try {
      await api.post(`Importacoes/${imp.id}/desfazer`);
      message.success('Importação desfeita.');
      await historico.mutate();
      if (acompanhando === imp.id) await atual.mutate();
    } catch (e) {
      showError(e);
    }
  };

  const relatorio = atual.data;
  const colunas = (arquivo?.cabecalho ?? []).map((c: string, i: number) => ({ value: i, label: `${c}${arquivo?.amostra?.[0]?.[i] ? ` (ex.: ${String(arquivo.amostra[0][i]).slice(0, 30)})` : ''}` }));

  return (
    <div>
      <PageTitle>Importação de dados</PageTitle>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">
          Traga os cadastros de outro sistema (Bling, Tiny, Omie ou uma planilha própria) em CSV ou XLSX. Arquivos CSV com ponto e vírgula e vírgula decimal, em UTF-8 ou Latin-1, são aceitos. Também as contas a receber e a pagar em aberto, do cliente ou fornecedor já cadastrado com o mesmo CPF/CNPJ. Cadastros já existentes (mesmo CPF/CNPJ ou código) e contas já lançadas (mesma pessoa, documento, vencimento e valor) são ignorados, então enviar o mesmo arquivo de novo não duplica nada.
        </Typography.Paragraph>
        <Space wrap align="end">
          <Form.Item label="Cadastro" style={{ minWidth: 260, marginBottom: 0 }}>
            <Select aria-label="Cadastro" value={tipo} options={TIPOS} onChange={(v) => (setTipo(v), setArquivo(null), setPrevia(null))} />
          </Form.Item>
          <Upload accept=".csv,.txt,.xlsx" maxCount={1} showUploadList={false} beforeUpload={(f) => (void enviar(f), false)}>
            <Button type="primary" icon={<UploadOutlined />} loading={enviando}>
              Enviar planilha
            </Button>
          </Upload>
          <Button icon={<DownloadOutlined />} onClick={() => baixarModelo(tipo).catch(showError)}>
            Baixar planilha modelo
          </Button>
        </Space>
      </Card>

      {arquivo && (
        <Card size="small" title={`Colunas de ${arquivo.nomeArquivo} (${arquivo.total} linha(s))`} style={{ marginBottom: 16 }}>
          {arquivo.modeloSalvo && <Alert type="info" showIcon style={{ marginBottom: 12 }} title="Usando o mapeamento confirmado na última importação de uma planilha com estas colunas." />}
          <AntRow gutter={[16, 0]}>
            {(arquivo.campos as Row[]).map((c) => (
              <Col key={c.campo} xs={24} md={12} xl={8}>
                <Form.Item label={c.titulo} required={c.obrigatorio} style={{ marginBottom: 8 }}>
                  <Select
                    aria-label={`Coluna de ${c.titulo}`}
                    allowClear
                    placeholder="Não importar"
                    value={mapeamento[c.campo]}
                    options={colunas}
                    onChange={(v) => (setMapeamento((m) => ({ ...m, [c.campo]: v ?? undefined })), setPrevia(null))}
                  />
                </Form.Item>
              </Col>
            ))}
          </AntRow>
          <Button onClick={preVisualizar} loading={ocupado && !previa}>
            Pré-visualizar
          </Button>
        </Card>
      )}

      {previa && (
        <Card size="small" title="Prévia" style={{ marginBottom: 16 }}>
          <Space wrap style={{ marginBottom: 12 }}>
            <Tag color="green">{previa.validas} válida(s)</Tag>
            <Tag>{previa.existentes} já cadastrada(s)</Tag>
            <Tag color="red">{previa.comErro} com erro</Tag>
          </Space>
          {previa.comErro > 0 && <Alert type="warning" showIcon style={{ marginBottom: 12 }} title={`${previa.comErro} linha(s) com erro. Corrija a planilha, ou importe só as linhas válidas.`} />}
          <RowsTable<Row>
            rowKey="linha"
            dataSource={previa.linhas}
            pagination={{ pageSize: 20, showSizeChanger: false }}
            columns={[
              { key: 'linha', dataIndex: 'linha', title: 'Linha', width: 70 },
              { key: 'situacao', dataIndex: 'situacao', title: 'Situação', width: 130, render: (v: string) => <Tag color={SITUACAO_LINHA[v]?.color}>{SITUACAO_LINHA[v]?.label ?? v}</Tag> },
              { key: 'nome', title: 'Registro', render: (_: unknown, r: Row) => r.dados?.nome ?? r.dados?.descricao ?? '' },
              { key: 'chave', dataIndex: 'chave', title: tipo === 'produtos' ? 'Código' : 'CPF/CNPJ', width: 160 },
              { key: 'erros', dataIndex: 'erros', title: 'Erros', render: (v: string[]) => (v?.length ? <Typography.Text type="danger">{v.join(' ')}</Typography.Text> : '') },
            ]}
          />
          <Space wrap style={{ marginTop: 12 }}>
            <Radio.Group value={modo} onChange={(e) => setModo(e.target.value)} aria-label="Modo de importação">
              <Radio value="tudo">Tudo ou nada</Radio>
              <Radio value="validas">Importar só as linhas válidas</Radio>
            </Radio.Group>
            <Button type="primary" onClick={importar} loading={ocupado} disabled={!previa.validas || (modo === 'tudo' && previa.comErro > 0)}>
              Importar
            </Button>
          </Space>
        </Card>
      )}

      {relatorio && (
        <Card size="small" title={`Importação de ${relatorio.nomeArquivo}`} style={{ marginBottom: 16 }}>
          {relatorio.situacao === 'importando' ? (
            <Progress percent={relatorio.progresso ? Math.floor((relatorio.progresso.feitas / Math.max(relatorio.progresso.total, 1)) * 100) : 0} status="active" />
          ) : relatorio.situacao === 'falhou' ? (
            <Alert type="error" showIcon title={relatorio.erro} />
          ) : (
            <>
              <Alert
                type={relatorio.comErro ? 'warning' : 'success'}
                showIcon
                style={{ marginBottom: 12 }}
                title={`Importação ${SITUACAO[relatorio.situacao]?.label.toLowerCase()}: ${relatorio.importadas} importado(s), ${relatorio.ignoradas} já cadastrado(s) ignorado(s), ${relatorio.comErro} com erro.`}
              />
              {relatorio.resultado?.erros?.length ? (
                <Table
                  rowKey="linha"
                  size="small"
                  dataSource={relatorio.resultado.erros}
                  pagination={{ pageSize: 10, showSizeChanger: false }}
                  columns={[
                    { key: 'linha', dataIndex: 'linha', title: 'Linha', width: 70 },
                    { key: 'erros', dataIndex: 'erros', title: 'Não importada', render: (v: string[]) => <Typography.Text type="danger">{v.join(' ')}</Typography.Text> },
                  ]}
                />
              ) : null}
            </>
          )}
        </Card>
      )}

      <Card size="small" title="Importações anteriores">
        <Table
          rowKey="id"
          size="small"
          loading={historico.isLoading}
          dataSource={historico.data ?? []}
          pagination={{ pageSize: 10, showSizeChanger: false }}
          columns={[
            { key: 'criadaEm', dataIndex: 'criadaEm', title: 'Data', width: 140, render: (v: string) => dayjs(v).format('DD/MM/YYYY HH:mm') },
            { key: 'tipo', dataIndex: 'tipo', title: 'Cadastro', width: 130, render: (v: string) => TIPOS.find((t) => t.value === v)?.label ?? v },
            { key: 'nomeArquivo', dataIndex: 'nomeArquivo', title: 'Arquivo' },
            { key: 'situacao', dataIndex: 'situacao', title: 'Situação', width: 120, render: (v: string) => <Tag color={SITUACAO[v]?.color}>{SITUACAO[v]?.label ?? v}</Tag> },
            { key: 'importadas', dataIndex: 'importadas', title: 'Importados', width: 110, align: 'right' },
            { key: 'ignoradas', dataIndex: 'ignoradas', title: 'Ignorados', width: 100, align: 'right' },
            {
              key: 'acoes',
              title: 'Ações',
              width: 200,
              render: (_: unknown, r: Row) => (
                <Space>
                  {r.situacao !== 'analisada' && (
                    <Button size="small" onClick={() => setAcompanhando(r.id)}>
                      Relatório
                    </Button>
                  )}
                  {r.situacao === 'concluida' && r.importadas > 0 && (
                    <Button size="small" danger onClick={() => desfazer(r)}>
                      Desfazer
                    </Button>
                  )}
                </Space>
              ),
            },
          ]}
        />
      </Card>
    </div>
  );
}
