import { Button, Segmented, Table, Tag } from 'antd';
import { useState } from 'react';
import useSWR from 'swr';
import { formatDateTime } from '../../../../shared/dates.ts';
import { api } from '../../../api/client.ts';
import { showError, toast } from '../../../dialogs/dialogs.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';

interface Job {
  id: number;
  tipo: string;
  conta: string | null;
  situacao: 'pendente' | 'executando' | 'travado' | 'falhou' | 'concluido';
  tentativas: number;
  maxTentativas: number;
  executarEm: string;
  ultimoErro: string | null;
  criadoEm: string;
}

const SITUACAO: Record<Job['situacao'], { texto: string; cor: string }> = {
  pendente: { texto: 'Pendente', cor: 'blue' },
  executando: { texto: 'Em execução', cor: 'processing' },
  travado: { texto: 'Travado', cor: 'orange' },
  falhou: { texto: 'Falhou', cor: 'red' },
  concluido: { texto: 'Concluído', cor: 'green' },
};

const FILTROS = [
  { label: 'A verificar', value: 'problemas' },
  { label: 'Falhos', value: 'falhou' },
  { label: 'Travados', value: 'travado' },
  { label: 'Pendentes', value: 'pendente' },
  { label: 'Todos', value: 'todos' },
];

/**
 * administrador/configuracoes/jobs: the background jobs (the jobs table) that need a look — pending, failed and
 * stuck — with their last error and a retry action (GET /api/Jobs, POST /api/Jobs/{id}/reexecutar).
 */
export default function JobsPage() {
  const [situacao, setSituacao] = useState('problemas');
  const { data, isLoading, mutate } = useSWR(['Jobs', situacao], async () => (await api.get<Job[]>(`Jobs?situacao=${situacao}`)).data);
  const reexecutar = async (j: Job) => {
    try {
      await api.post(`Jobs/${j.id}/reexecutar`, {});
      toast('success', `Job ${j.id} devolvido à fila.`);
      await mutate();
    } catch (err) {
      showError(err);
    }
  };
  return (
    <div className="jobs-page">
      <PageTitle>Jobs em segundo plano</PageTitle>
      <Segmented options={FILTROS} value={situacao} onChange={(v) => setSituacao(String(v))} style={{ marginBottom: 16 }} />
      <Table<Job>
        rowKey="id"
        size="small"
        loading={isLoading}
        pagination={{ pageSize: 50, hideOnSinglePage: true }}
        dataSource={data ?? []}
        locale={{ emptyText: 'Nenhum job nesta situação.' }}
        columns={[
          { title: 'Nº', dataIndex: 'id', width: 80 },
          { title: 'Tipo', dataIndex: 'tipo', width: 220 },
          { title: 'Conta', dataIndex: 'conta', width: 180 },
          { title: 'Situação', dataIndex: 'situacao', width: 120, render: (s: Job['situacao']) => <Tag color={SITUACAO[s].cor}>{SITUACAO[s].texto}</Tag> },
          { title: 'Tentativas', width: 100, render: (_: unknown, j: Job) => `${j.tentativas} de ${j.maxTentativas}` },
          { title: 'Próxima execução', dataIndex: 'executarEm', width: 150, render: (v: string, j: Job) => (j.situacao === 'pendente' ? formatDateTime(v) : '') },
          { title: 'Último erro', dataIndex: 'ultimoErro' },
          {
            title: '',
            width: 130,
            render: (_: unknown, j: Job) =>
              j.situacao === 'falhou' || j.situacao === 'travado' || j.situacao === 'pendente' ? (
                <Button size="small" onClick={() => void reexecutar(j)}>
                  Executar agora
                </Button>
              ) : null,
          },
        ]}
      />
    </div>
  );
}
