import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Space, Table, Tag, Tooltip, Typography } from 'antd';
import useSWR from 'swr';
import { useNavigate } from 'react-router-dom';
import { api } from '../../api/client.ts';
import { getUser, may } from '../../api/session.ts';
import { EmptyBlock } from '../../ui/EmptyBlock.tsx';

export interface UsuarioRow {
  id: number;
  nome: string;
  email: string;
  telefone?: string | null;
  ativo: boolean;
  perfilId?: number | null;
  isContador?: boolean;
  perfilAdmin?: boolean;
  filiais?: number[];
}

export const USERS_KEY = 'Usuarios/lista';

/** pages/configuracoes/usuarios: the account's users (create, edit, deactivate). */
export default function UsuariosPage() {
  const navigate = useNavigate();
  const list = useSWR<UsuarioRow[]>(USERS_KEY, async () => (await api.get<UsuarioRow[]>('Usuarios')).data);
  const perfis = useSWR<{ id: number; nome: string }[]>('Perfis/todos', async () => (await api.get('Perfis', { params: { filter: { order: 'nome ASC', limit: 200 } } })).data);
  const canChange = may(getUser(), 'app.usuario', 'change');
  const perfilNome = (id?: number | null) => perfis.data?.find((p) => p.id === id)?.nome ?? '';
  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }}>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Usuários
        </Typography.Title>
        {canChange ? (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/pages/configuracoes/usuarios/cadastrar')}>
            Cadastrar
          </Button>
        ) : null}
      </Space>
      <Table<UsuarioRow>
        rowKey="id"
        size="middle"
        loading={list.isLoading}
        dataSource={list.data ?? []}
        locale={{ emptyText: <EmptyBlock /> }}
        columns={[
          { key: 'nome', dataIndex: 'nome', title: 'Nome', sorter: (a, b) => a.nome.localeCompare(b.nome, 'pt-BR') },
          { key: 'email', dataIndex: 'email', title: 'E-mail' },
          { key: 'perfil', title: 'Perfil', render: (_, u) => (u.perfilAdmin ? <Tag color="blue">Administrador</Tag> : u.isContador ? <Tag color="purple">Contador</Tag> : perfilNome(u.perfilId)) },
          { key: 'ativo', dataIndex: 'ativo', title: 'Situação', render: (a: boolean) => (a ? <Tag color="success">Ativo</Tag> : <Tag>Inativo</Tag>) },
          ...(canChange
            ? [
                {
                  key: 'acoes',
                  title: 'Ações',
                  align: 'center' as const,
                  render: (_: unknown, u: UsuarioRow) => (
                    <Tooltip title="Editar">
                      <Button size="small" type="text" aria-label="Editar" icon={<EditOutlined />} onClick={() => navigate(`/pages/configuracoes/usuarios/editar/${u.id}`)} />
                    </Tooltip>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
