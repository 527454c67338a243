import { Input, Space, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../../api/client.ts';
import { useBrand } from '../../../brand/brand.ts';
import { EmptyBlock } from '../../../ui/EmptyBlock.tsx';
import { formatDate } from '../../../../shared/dates.ts';
import { maskCpfCnpj } from '../../../../shared/cpf-cnpj.ts';

export interface UsuarioMarca {
  id: number;
  nome: string;
  email: string;
  ativo: boolean;
  perfilAdmin: boolean;
  isContador: boolean;
  master: boolean;
  isAvanco: boolean;
  createdAt: string;
  contaId: number;
  empresa: string;
  cpfCnpj: string | null;
  trial: boolean;
  bloqueada: boolean;
}

export const PAGE_SIZE = 20;

/** administrador/configuracoes/usuarios: the users of every account of the brand (GET Usuarios/usuarios-whitelabel/{id}). */
export default function UsuariosMarcaPage() {
  const { data: brand } = useBrand();
  const [busca, setBusca] = useState('');
  const [page, setPage] = useState(1);
  const id = brand?.id;
  const key = id ? ['Usuarios/usuarios-whitelabel', id, busca, page] : null;
  const list = useSWR(key, async () => (await api.get<{ total: number; usuarios: UsuarioMarca[] }>(`Usuarios/usuarios-whitelabel/${id}`, { params: { params: { busca: busca || undefined, limit: PAGE_SIZE, skip: (page - 1) * PAGE_SIZE } } })).data, { keepPreviousData: true });
  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 12 }} wrap>
        <Typography.Title level={3} style={{ margin: 0 }}>
          Usuários da marca
        </Typography.Title>
        <Input.Search
          allowClear
          placeholder="Buscar por nome, e-mail ou empresa"
          aria-label="Buscar usuários"
          style={{ width: 320 }}
          onSearch={(v) => {
            setBusca(v.trim());
            setPage(1);
          }}
        />
      </Space>
      <Table<UsuarioMarca>
        rowKey="id"
        size="middle"
        className="usuarios-marca"
        loading={list.isLoading}
        dataSource={list.data?.usuarios ?? []}
        locale={{ emptyText: <EmptyBlock /> }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: list.data?.total ?? 0, showSizeChanger: false, onChange: setPage, showTotal: (t, [a, b]) => `${a}-${b} de ${t}` }}
        columns={[
          { key: 'nome', dataIndex: 'nome', title: 'Nome' },
          { key: 'email', dataIndex: 'email', title: 'E-mail' },
          { key: 'empresa', title: 'Empresa', render: (_, u) => (u.cpfCnpj ? `${u.empresa} (${maskCpfCnpj(u.cpfCnpj)})` : u.empresa) },
          {
            key: 'papel',
            title: 'Papel',
            render: (_, u) =>
              u.master ? <Tag color="gold">Master</Tag> : u.isAvanco ? <Tag color="gold">Suporte</Tag> : u.perfilAdmin ? <Tag color="blue">Administrador</Tag> : u.isContador ? <Tag color="purple">Contador</Tag> : <Tag>Usuário</Tag>,
          },
          { key: 'conta', title: 'Conta', render: (_, u) => (u.bloqueada ? <Tag color="error">{u.trial ? 'Trial expirado' : 'Inadimplente'}</Tag> : u.trial ? <Tag color="processing">Trial</Tag> : <Tag color="success">Ativa</Tag>) },
          { key: 'ativo', dataIndex: 'ativo', title: 'Situação', render: (a: boolean) => (a ? <Tag color="success">Ativo</Tag> : <Tag>Inativo</Tag>) },
          { key: 'createdAt', dataIndex: 'createdAt', title: 'Cadastro', render: (v: string) => formatDate(v) },
        ]}
      />
    </div>
  );
}
