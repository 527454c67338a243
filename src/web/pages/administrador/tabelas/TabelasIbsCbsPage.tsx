import { Alert, Button, Card, DatePicker, Descriptions, Input, Select, Space, Table, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../../api/client.ts';
import { toApiError } from '../../../api/errors.ts';
import { readAsDataUrl } from '../../../api/files.ts';
import { showError, toast } from '../../../dialogs/dialogs.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';

interface Tabela { nome: string; titulo: string; versao: string; origem: string; codigos: number; codigosEmVigor: number }
interface Aliquota { value: string; label: string; vigenciaFim: string | null; pCBS: string | null; pIBSUF: string | null; pIBSMun: string | null; fonte: string; observacao?: string }
interface Versao { id: number; tabela: string; vigenciaInicio: string; versao: string; codigos: number; arquivo: string | null; importadoPor: string; importadoEm: string; emVigor: boolean }
interface Resposta { data: string; tabelas: Tabela[]; aliquotas: Aliquota[]; aliquotaVigente: Aliquota | null; versoes: Versao[] }
const IMPORTAVEIS = [
  { value: 'cClassTrib', label: 'Classificação tributária (cClassTrib)' },
  { value: 'aliquotaIbsCbs', label: 'Alíquotas por ano e esfera' },
];

/** Upload of a newer version of a table (POST /api/Admin/tabelas-ibscbs/importar), valid from a date. */
function ImportarTabela({ aoImportar }: { aoImportar: () => Promise<unknown> }) {
  const [tabela, setTabela] = useState<string | null>(null);
  const [vigencia, setVigencia] = useState<Dayjs | null>(null);
  const [versao, setVersao] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [busy, setBusy] = useState(false);
  const importar = async () => {
    if (!file || !tabela || !vigencia) return;
    setBusy(true);
    try {
      const body = { tabela, vigenciaInicio: vigencia.format('YYYY-MM-DD'), versao, nomeArquivo: file.name, arquivo: await readAsDataUrl(file) };
      const r = (await api.post<{ codigos: number }>('Admin/tabelas-ibscbs/importar', body)).data;
      toast('success', `Tabela importada: ${r.codigos} linhas, em vigor a partir de ${vigencia.format('DD/MM/YYYY')}.`);
      setFile(null);
      await aoImportar();
    } catch (err) {
      showError(err);
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card size="small" title="Importar nova versão" style={{ marginTop: 16 }} data-testid="importar-tabela-ibscbs">
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 12 }}
        message="CSV da tabela publicada (cClassTrib: as colunas da planilha oficial; alíquotas: vigenciaInicio, vigenciaFim, pCBS, pIBSUF, pIBSMun, rotulo, fonte, observacao). Vale para as notas com data a partir do início da vigência; um arquivo com coluna desconhecida ou código inválido é recusado inteiro."
      />
      <Space wrap>
        <Select aria-label="Tabela" placeholder="Tabela" style={{ width: 300 }} value={tabela ?? undefined} onChange={setTabela} options={IMPORTAVEIS} />
        <DatePicker aria-label="Início da vigência" placeholder="Início da vigência" format="DD/MM/YYYY" value={vigencia} onChange={setVigencia} />
        <Input aria-label="Versão" placeholder="Versão (nome da publicação)" style={{ width: 280 }} value={versao} onChange={(e) => setVersao(e.target.value)} />
        <Upload accept=".csv,text/csv" maxCount={1} beforeUpload={(f) => (setFile(f), false)} onRemove={() => setFile(null)} fileList={file ? [{ uid: '1', name: file.name, status: 'done' }] : []}>
          <Button>Escolher arquivo</Button>
        </Upload>
        <Button type="primary" loading={busy} disabled={!file || !tabela || !vigencia || !versao.trim()} onClick={importar}>
          Importar
        </Button>
      </Space>
    </Card>
  );
}

const br = (d: string | null) => (d ? dayjs(d).format('DD/MM/YYYY') : '—');
const pct = (v: string | null) => (v === null ? 'não publicada' : `${v.replace('.', ',')}%`);

/**
 * administrador/configuracoes/tabelas-ibscbs (issue 39): the version in force of each IBS/CBS table the product
 * carries (CST, cClassTrib, cCredPres, rates per year) and the rates of today.
 */
export default function TabelasIbsCbsPage() {
  const { data, error, isLoading, mutate } = useSWR('Admin/tabelas-ibscbs', async () => (await api.get<Resposta>('Admin/tabelas-ibscbs')).data);
  return (
    <div className="tabelas-ibscbs-page" data-testid="tabelas-ibscbs">
      <PageTitle>Tabelas do IBS/CBS</PageTitle>
      {error && <Alert type="error" showIcon message={toApiError(error).message} />}
      <Table<Tabela>
        rowKey="nome"
        size="small"
        loading={isLoading}
        pagination={false}
        dataSource={data?.tabelas ?? []}
        columns={[
          { title: 'Tabela', dataIndex: 'titulo' },
          { title: 'Versão em vigor', dataIndex: 'versao' },
          { title: 'Códigos', dataIndex: 'codigos', width: 90, align: 'right' },
          { title: `Em vigor em ${br(data?.data ?? null)}`, dataIndex: 'codigosEmVigor', width: 150, align: 'right' },
        ]}
      />
      {data && (
        <Descriptions style={{ marginTop: 16 }} size="small" bordered column={1} title="Alíquotas por ano" data-testid="aliquotas-ibscbs">
          {data.aliquotas.map((a) => (
            <Descriptions.Item key={a.value} label={`${a.label} (${br(a.value)} a ${br(a.vigenciaFim)})${data.aliquotaVigente?.value === a.value ? ' — em vigor' : ''}`}>
              {`CBS ${pct(a.pCBS)} · IBS UF ${pct(a.pIBSUF)} · IBS municipal ${pct(a.pIBSMun)}. Fonte: ${a.fonte}`}
              {a.observacao ? ` ${a.observacao}` : ''}
            </Descriptions.Item>
          ))}
        </Descriptions>
      )}
      <ImportarTabela aoImportar={() => mutate()} />
      <Card size="small" title="Versões importadas" style={{ marginTop: 16 }}>
        <Table<Versao>
          rowKey="id"
          size="small"
          pagination={false}
          dataSource={data?.versoes ?? []}
          columns={[
            { title: 'Tabela', dataIndex: 'tabela', render: (t: string) => IMPORTAVEIS.find((i) => i.value === t)?.label ?? t },
            { title: 'Vigência a partir de', dataIndex: 'vigenciaInicio', render: (d: string) => br(d) },
            { title: 'Versão', dataIndex: 'versao' },
            { title: 'Linhas', dataIndex: 'codigos', align: 'right' },
            { title: 'Arquivo', dataIndex: 'arquivo' },
            { title: 'Por', dataIndex: 'importadoPor' },
            { title: 'Situação', dataIndex: 'emVigor', render: (v: boolean, r) => (v ? 'em vigor' : r.vigenciaInicio > (data?.data ?? '') ? 'futura' : 'substituída') },
          ]}
        />
      </Card>
    </div>
  );
}
