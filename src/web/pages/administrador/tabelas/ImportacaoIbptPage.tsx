import { Alert, Button, Card, Select, Space, Table, Upload } from 'antd';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../../api/client.ts';
import { showError, toast } from '../../../dialogs/dialogs.tsx';
import { readAsDataUrl } from '../../../api/files.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';

const UFS = ['AC', 'AL', 'AM', 'AP', 'BA', 'CE', 'DF', 'ES', 'GO', 'MA', 'MG', 'MS', 'MT', 'PA', 'PB', 'PE', 'PI', 'PR', 'RJ', 'RN', 'RO', 'RR', 'RS', 'SC', 'SE', 'SP', 'TO'];

/**
 * administrador/configuracoes/importacao-ibpt-ncm and importacao-ibpt-cest (SPEC 2.8): the IBPT "De Olho no
 * Imposto" CSV of a UF (approximate taxes per NCM for DANFE/DANFCE, Lei 12.741) or the CEST table.
 */
export default function ImportacaoIbptPage({ tipo }: { tipo: 'ncm' | 'cest' }) {
  const [uf, setUf] = useState<string | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const hist = useSWR(['Ibpt/importacoes', tipo], async () => (await api.get<{ historico: Record<string, unknown>[]; vigentes: Record<string, unknown>[] }>('Ibpt/importacoes', { params: { tipo } })).data);
  const importar = async () => {
    if (!file) return;
    setBusy(true);
    try {
      const body = { uf, nomeArquivo: file.name, arquivo: await readAsDataUrl(file) };
      const r = (await api.post<{ linhas: number; versao?: string }>(tipo === 'ncm' ? 'Ibpt/importar-ncm' : 'Ibpt/importar-cest', body)).data;
      toast('success', `Arquivo importado: ${r.linhas} linhas${r.versao ? `, versão ${r.versao}` : ''}.`);
      setFile(null);
      await hist.mutate();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="importacao-ibpt-page">
      <PageTitle>{tipo === 'ncm' ? 'Importação IBPT NCM' : 'Importação IBPT CEST'}</PageTitle>
      <Card size="small" style={{ marginBottom: 16 }}>
        <Alert
          type="info"
          showIcon
          style={{ marginBottom: 12 }}
          message={
            tipo === 'ncm'
              ? 'Arquivo CSV do IBPT (De Olho no Imposto) de uma UF, separado por ponto e vírgula, com o cabeçalho codigo;ex;tipo;descricao;nacionalfederal;importadosfederal;estadual;municipal;vigenciainicio;vigenciafim;chave;versao;fonte. A nova versão substitui a anterior da UF.'
              : 'Arquivo CSV da tabela CEST com as colunas CEST;NCM;DESCRICAO (SEGMENTO opcional), separado por ponto e vírgula. Substitui a tabela inteira.'
          }
        />
        <Space wrap>
          {tipo === 'ncm' ? <Select aria-label="UF" placeholder="UF" showSearch style={{ width: 100 }} value={uf ?? undefined} onChange={setUf} options={UFS.map((u) => ({ value: u, label: u }))} /> : null}
          <Upload accept=".csv,text/csv" maxCount={1} beforeUpload={(f) => (setFile(f), false)} onRemove={() => setFile(null)} fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}>
            <Button>Escolher arquivo</Button>
          </Upload>
          <Button type="primary" loading={busy} disabled={!file || (tipo === 'ncm' && !uf)} onClick={importar}>
            Importar
          </Button>
        </Space>
      </Card>
      {tipo === 'ncm' ? (
        <Card size="small" title="Tabelas vigentes" style={{ marginBottom: 16 }}>
          <Table size="small" rowKey="uf" pagination={false} dataSource={hist.data?.vigentes ?? []} columns={[{ title: 'UF', dataIndex: 'uf' }, { title: 'Versão', dataIndex: 'versao' }, { title: 'Linhas', dataIndex: 'linhas' }, { title: 'Vigente até', dataIndex: 'vigenteAte' }]} />
        </Card>
      ) : null}
      <Card size="small" title="Importações">
        <Table
          size="small"
          rowKey="id"
          pagination={false}
          dataSource={hist.data?.historico ?? []}
          columns={[
            { title: 'Data', dataIndex: 'data' },
            ...(tipo === 'ncm' ? [{ title: 'UF', dataIndex: 'uf' }, { title: 'Versão', dataIndex: 'versao' }] : []),
            { title: 'Arquivo', dataIndex: 'arquivo' },
            { title: 'Linhas', dataIndex: 'linhas' },
            { title: 'Por', dataIndex: 'importadoPor' },
          ]}
        />
      </Card>
    </div>
  );
}
