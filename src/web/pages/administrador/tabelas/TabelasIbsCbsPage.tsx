import { Alert, Descriptions, Table } from 'antd';
import dayjs from 'dayjs';
import useSWR from 'swr';
import { api } from '../../../api/client.ts';
import { toApiError } from '../../../api/errors.ts';
import { PageTitle } from '../../../ui/PageTitle.tsx';

interface Tabela { nome: string; titulo: string; versao: string; origem: string; codigos: number; codigosEmVigor: number }
interface Aliquota { value: string; label: string; vigenciaFim: string | null; pCBS: string | null; pIBSUF: string | null; pIBSMun: string | null; fonte: string; observacao?: string }
interface Resposta { data: string; tabelas: Tabela[]; aliquotas: Aliquota[]; aliquotaVigente: Aliquota | null }

const br = (d: string | null) => (d ? dayjs(d).format('DD/MM/YYYY') : '—');
const pct = (v: string | null) => (v === null ? 'não publicada' : `${v.replace('.', ',')}%`);

/**
 * administrador/configuracoes/tabelas-ibscbs (issue 39): the version in force of each IBS/CBS table the product
 * carries (CST, cClassTrib, cCredPres, rates per year) and the rates of today.
 */
export default function TabelasIbsCbsPage() {
  const { data, error, isLoading } = useSWR('Admin/tabelas-ibscbs', async () => (await api.get<Resposta>('Admin/tabelas-ibscbs')).data);
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
    </div>
  );
}
