import { Alert, Button, Card, Input, Table, Tag } from 'antd';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../../api/client.ts';
import { showError, toast } from '../../../dialogs/dialogs.tsx';
import { ContaSelect, useContas } from './ContaSelect.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';

interface Tarefa {
  id: number;
  descricao: string;
  status: 'PROCESSANDO' | 'FINALIZADO' | 'ERRO';
  mensagem: string | null;
  data: string;
}
const COR = { PROCESSANDO: 'processing', FINALIZADO: 'success', ERRO: 'error' } as const;

/**
 * The two delete actions of the administrator area (SPEC 2.8, isAvanco): all products of an account, or one
 * branch. Typed confirmation; done as a background task; refused while documents use them.
 */
export default function ExcluirPage({ alvo }: { alvo: 'produtos' | 'filial' }) {
  const contas = useContas();
  const [conta, setConta] = useState<number | null>(null);
  const [filial, setFilial] = useState<number | null>(null);
  const [texto, setTexto] = useState('');
  const tarefas = useSWR('Admin/tarefas', async () => (await api.get<Tarefa[]>('Admin/tarefas')).data, { refreshInterval: (d) => (d?.some((t) => t.status === 'PROCESSANDO') ? 2000 : 0) });
  const c = contas.data?.find((x) => x.id === conta);
  const f = c?.filiais.find((x) => x.id === filial);
  const esperado = alvo === 'produtos' ? (c ? `EXCLUIR PRODUTOS ${c.nome}` : '') : (f?.cpfCnpj ?? '');
  const excluir = async () => {
    try {
      await api.post(alvo === 'produtos' ? 'Admin/excluir-produtos' : 'Admin/excluir-filial', { contaId: conta, filialId: filial, confirmacao: texto });
      toast('info', 'Exclusão iniciada; acompanhe abaixo.');
      setTexto('');
      await tarefas.mutate();
    } catch (err) {
      showError(err);
    }
  };
  return (
    <div className="admin-excluir-page">
      <PageTitle>{alvo === 'produtos' ? 'Excluir produtos' : 'Excluir filial'}</PageTitle>
      <ContaSelect conta={conta} filial={filial} onConta={setConta} onFilial={alvo === 'filial' ? setFilial : undefined} />
      {esperado ? (
        <Card size="small" style={{ marginBottom: 16, maxWidth: 720 }}>
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 12 }}
            message={alvo === 'produtos' ? `Todos os produtos de ${c!.nome} serão excluídos.` : `A filial ${f!.apelido ?? f!.nome} de ${c!.nome} será excluída.`}
            description={`Não é possível desfazer. Para confirmar, digite: ${esperado}`}
          />
          <Input aria-label="Confirmação" value={texto} onChange={(e) => setTexto(e.target.value)} placeholder={esperado} style={{ marginBottom: 12 }} />
          <Button danger type="primary" disabled={texto.trim() !== esperado} onClick={excluir}>
            Excluir
          </Button>
        </Card>
      ) : null}
      <Table<Tarefa>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={tarefas.data ?? []}
        locale={{ emptyText: 'Nenhuma exclusão solicitada.' }}
        columns={[
          { title: 'Data', dataIndex: 'data', width: 150 },
          { title: 'Tarefa', dataIndex: 'descricao' },
          { title: 'Situação', dataIndex: 'status', width: 130, render: (s: Tarefa['status']) => <Tag color={COR[s]}>{s === 'PROCESSANDO' ? 'Processando' : s === 'FINALIZADO' ? 'Finalizado' : 'Erro'}</Tag> },
          { title: 'Resultado', dataIndex: 'mensagem' },
        ]}
      />
    </div>
  );
}
