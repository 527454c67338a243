import { Button, Input, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../../api/client.ts';
import { clearSession, getToken, getUser, saveSession } from '../../../api/session.ts';
import { showError } from '../../../dialogs/dialogs.tsx';
import { entrarComoSuporte } from '../../../assinatura/suporte.ts';
import { useContas, type ContaAdmin } from './ContaSelect.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';

const ESTADOS: Record<string, [string, string]> = { trial: ['blue', 'Teste'], trialExpirado: ['red', 'Teste expirado'], inadimplente: ['orange', 'Inadimplente'], ativo: ['green', 'Ativa'] };

/** administrador/configuracoes/contas: the brand's accounts; 'Acessar conta cliente' opens one for support (audited). */
export default function ContasPage() {
  const contas = useContas();
  const [busca, setBusca] = useState('');
  const acessos = useSWR('Admin/acessos-suporte', async () => (await api.get<{ id: number; adminEmail: string; conta: string; data: string }[]>('Admin/acessos-suporte')).data);
  const acessar = async (c: ContaAdmin) => {
    try {
      const r = (await api.post<{ id: string; userId: number; usuario: string; conta: { id: number; nome: string } }>('Admin/acessar-conta', { contaId: c.id })).data;
      entrarComoSuporte({ token: getToken()!, user: getUser() }, r.conta.nome);
      clearSession();
      saveSession(r.id, { id: r.userId, nome: r.usuario } as never);
      window.location.hash = '#/pages/dashboard';
      window.location.reload();
    } catch (err) {
      showError(err);
    }
  };
  const lista = (contas.data ?? []).filter((c) => !busca || c.nome.toLowerCase().includes(busca.toLowerCase()) || (c.cpfCnpj ?? '').includes(busca));
  return (
    <div className="admin-contas-page">
      <PageTitle>Contas</PageTitle>
      <Input.Search aria-label="Buscar conta" placeholder="Nome ou CNPJ" style={{ maxWidth: 320, marginBottom: 16 }} value={busca} onChange={(e) => setBusca(e.target.value)} />
      <Table<ContaAdmin>
        rowKey="id"
        size="small"
        loading={contas.isLoading}
        pagination={false}
        dataSource={lista}
        columns={[
          { title: 'Conta', dataIndex: 'nome' },
          { title: 'CPF/CNPJ', dataIndex: 'cpfCnpj', width: 180 },
          { title: 'Situação', dataIndex: 'estado', width: 140, render: (e: string) => <Tag color={ESTADOS[e]?.[0]}>{ESTADOS[e]?.[1] ?? e}</Tag> },
          { title: 'Filiais', render: (_: unknown, c: ContaAdmin) => c.filiais.length, width: 80 },
          { title: '', width: 200, render: (_: unknown, c: ContaAdmin) => <Button size="small" onClick={() => acessar(c)}>Acessar conta cliente</Button> },
        ]}
      />
      <Typography.Title level={5} style={{ marginTop: 24 }}>
        Acessos de suporte
      </Typography.Title>
      <Table size="small" rowKey="id" pagination={false} dataSource={acessos.data ?? []} columns={[{ title: 'Data', dataIndex: 'data', width: 150 }, { title: 'Quem', dataIndex: 'adminEmail' }, { title: 'Conta', dataIndex: 'conta' }]} />
    </div>
  );
}
