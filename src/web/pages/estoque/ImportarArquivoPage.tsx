import { UploadOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Form, Input, Select, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { formatQuantity } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { useList } from '../../api/hooks.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

type Row = Record<string, any>;
const qtd = formatQuantity;

/** Reads a chosen file: text for CSV/TXT, base64 for XLSX. */
function readFile(file: File): Promise<{ formato: string; conteudo: string }> {
  const ext = file.name.split('.').pop()?.toLowerCase() ?? '';
  const formato = ext === 'xlsx' ? 'xlsx' : ext === 'txt' ? 'txt' : 'csv';
  return new Promise((resolve, reject) => {
    const r = new FileReader();
    r.onerror = () => reject(r.error);
    r.onload = () => {
      if (formato !== 'xlsx') return resolve({ formato, conteudo: String(r.result) });
      const bytes = new Uint8Array(r.result as ArrayBuffer);
      let bin = '';
      for (let i = 0; i < bytes.length; i += 0x8000) bin += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      resolve({ formato, conteudo: btoa(bin) });
    };
    if (formato === 'xlsx') r.readAsArrayBuffer(file);
    else r.readAsText(file, 'utf-8');
  });
}

/**
 * pages/estoque/importar-arquivo: a data-collector file (code;quantity) becomes an acerto de estoque. The
 * preview shows every line with its product, balance and difference, or its error; importing posts the
 * whole file or nothing.
 */
export default function ImportarArquivoPage() {
  const navigate = useNavigate();
  const depositos = useList<Row>('Depositos', { where: { ativo: true }, order: 'descricao ASC', limit: 100 });
  const [depositoId, setDepositoId] = useState<number>();
  const [motivo, setMotivo] = useState('Importação do coletor de dados');
  const [arquivo, setArquivo] = useState<{ nome: string; formato: string; conteudo: string } | null>(null);
  const [previa, setPrevia] = useState<{ linhas: Row[]; erros: number } | null>(null);
  const [busy, setBusy] = useState(false);
  const deposito = depositoId ?? depositos.data?.find((d) => d.padrao)?.id;

  const send = async (efetivar: boolean) => {
    if (!arquivo || !deposito) return;
    setBusy(true);
    try {
      const r = await api.post<Row>('AcertosEstoque/importar', { depositoId: deposito, formato: arquivo.formato, conteudo: arquivo.conteudo, motivo, efetivar });
      if (!efetivar) setPrevia(r.data as { linhas: Row[]; erros: number });
      else {
        toast('success', `Arquivo importado: acerto de estoque ${r.data.numero} efetivado.`);
        navigate(`/pages/estoque/acerto-estoque/editar/${r.data.id}`);
      }
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div>
      <PageTitle>Importar arquivo</PageTitle>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Typography.Paragraph type="secondary">Arquivo do coletor de dados em CSV ou TXT com uma linha por leitura no formato código;quantidade (código interno ou GTIN), ou XLSX com o código na coluna A e a quantidade na coluna B. A quantidade contada passa a ser o saldo do produto no depósito.</Typography.Paragraph>
        <Form layout="vertical">
          <Space wrap align="end">
            <Form.Item label="Depósito" style={{ minWidth: 260 }}>
              <Select aria-label="Depósito" value={deposito} onChange={(v) => (setDepositoId(v), setPrevia(null))} options={(depositos.data ?? []).map((d) => ({ value: d.id, label: d.descricao }))} />
            </Form.Item>
            <Form.Item label="Motivo" style={{ minWidth: 320 }}>
              <Input aria-label="Motivo" value={motivo} maxLength={200} onChange={(e) => setMotivo(e.target.value)} />
            </Form.Item>
            <Form.Item label="Arquivo">
              <Upload
                accept=".csv,.txt,.xlsx"
                maxCount={1}
                showUploadList={false}
                beforeUpload={async (file) => {
                  const lido = await readFile(file);
                  setArquivo({ nome: file.name, ...lido });
                  setPrevia(null);
                  return false;
                }}
              >
                <Button icon={<UploadOutlined />}>{arquivo ? arquivo.nome : 'Escolher arquivo'}</Button>
              </Upload>
            </Form.Item>
            <Form.Item>
              <Button onClick={() => send(false)} disabled={!arquivo || !deposito} loading={busy && !previa}>
                Pré-visualizar
              </Button>
            </Form.Item>
          </Space>
        </Form>
      </Card>
      {previa ? (
        <Card size="small">
          {previa.erros ? <Alert type="error" showIcon style={{ marginBottom: 12 }} title={`${previa.erros} linha(s) com erro: corrija o arquivo; nada será importado enquanto houver erros.`} /> : null}
          <Table
            rowKey="linha"
            size="small"
            dataSource={previa.linhas}
            pagination={{ pageSize: 50, showSizeChanger: false }}
            rowClassName={(r) => (r.erro ? 'linha-com-erro' : '')}
            columns={[
              { key: 'linha', dataIndex: 'linha', title: 'Linha', width: 70 },
              { key: 'codigo', dataIndex: 'codigo', title: 'Código' },
              { key: 'descricao', dataIndex: 'descricao', title: 'Produto' },
              { key: 'saldoAtual', dataIndex: 'saldoAtual', title: 'Saldo atual', align: 'right', render: qtd },
              { key: 'quantidade', dataIndex: 'quantidade', title: 'Contado', align: 'right', render: qtd },
              { key: 'diferenca', dataIndex: 'diferenca', title: 'Diferença', align: 'right', render: qtd },
              { key: 'erro', dataIndex: 'erro', title: 'Erro', render: (v) => (v ? <Typography.Text type="danger">{v}</Typography.Text> : '') },
            ]}
          />
          <Button type="primary" style={{ marginTop: 12 }} disabled={previa.erros > 0 || !previa.linhas.length} loading={busy} onClick={() => send(true)}>
            Importar e efetivar
          </Button>
        </Card>
      ) : null}
    </div>
  );
}
