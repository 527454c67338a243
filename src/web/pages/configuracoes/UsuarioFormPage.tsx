import { Button, Checkbox, Form, Input, Select, Space, Spin, Switch, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import useSWR, { mutate } from 'swr';
import { api } from '../../api/client.ts';
import { toApiError } from '../../api/errors.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';
import { useUserInfo } from '../../shell/user-info.ts';
import { USERS_KEY, type UsuarioRow } from './UsuariosPage.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

const LIST = '/pages/configuracoes/usuarios';

interface FormValues {
  nome: string;
  email: string;
  telefone?: string;
  senha?: string;
  ativo: boolean;
  perfilId?: number | null;
  isContador: boolean;
  perfilAdmin: boolean;
  filiais: number[];
}

/** pages/configuracoes/usuarios/cadastrar | editar/:id: name, e-mail, password, profile, branches, active. */
export default function UsuarioFormPage({ mode }: { mode: 'cadastrar' | 'editar' }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const [form] = Form.useForm<FormValues>();
  const [saving, setSaving] = useState(false);
  // The server lets only an account administrator grant these roles or edit an administrator (auth/grants.ts).
  const { data: me } = useUserInfo();
  const podeConcederPapeis = !!(me?.perfilAdmin || me?.suporteWhiteLabel || me?.master);
  const user = useSWR<UsuarioRow>(mode === 'editar' ? `Usuarios/${id}` : null, async (k: string) => (await api.get<UsuarioRow>(k)).data, { revalidateOnFocus: false });
  const editandoAdministrador = mode === 'editar' && !!user.data?.perfilAdmin && !podeConcederPapeis;
  const perfis = useSWR<{ id: number; nome: string }[]>('Perfis/todos', async () => (await api.get('Perfis', { params: { filter: { order: 'nome ASC', limit: 200 } } })).data);
  const branches = useSWR<{ id: number; apelido?: string; nome?: string }>('Usuarios/obterfilialselecionada', async (k: string) => (await api.get(k)).data);
  useEffect(() => {
    if (user.data) form.setFieldsValue({ ...user.data, telefone: user.data.telefone ?? undefined, senha: undefined, filiais: user.data.filiais ?? [] });
  }, [user.data, form]);

  const branchOptions = [...new Set([...(branches.data?.id ? [branches.data.id] : []), ...(user.data?.filiais ?? [])])].map((b) => ({
    value: b,
    label: b === branches.data?.id ? branches.data.apelido || branches.data.nome || `Filial ${b}` : `Filial ${b}`,
  }));

  const save = async (v: FormValues) => {
    setSaving(true);
    try {
      const body = { ...v, senha: v.senha || undefined, telefone: v.telefone || null, perfilId: v.perfilId ?? null };
      if (mode === 'editar') await api.put(`Usuarios/${id}`, body);
      else await api.post('Usuarios', body);
      toast('success', 'Usuário salvo com sucesso.');
      await mutate(USERS_KEY);
      navigate(LIST);
    } catch (err) {
      const info = toApiError(err);
      form.setFields(info.details.filter((d) => d.campo).map((d) => ({ name: d.campo as keyof FormValues, errors: [d.mensagem] })));
      showError(err);
    } finally {
      setSaving(false);
    }
  };

  if (mode === 'editar' && !user.data && !user.error) return <Spin />;
  return (
    <div style={{ maxWidth: 720 }}>
      <PageTitle>{mode === 'editar' ? 'Editar' : 'Cadastrar'} usuário</PageTitle>
      <Form<FormValues> form={form} layout="vertical" onFinish={save} initialValues={{ ativo: true, isContador: false, perfilAdmin: false, filiais: branches.data?.id ? [branches.data.id] : [] }}>
        <Form.Item name="nome" label="Nome" rules={[{ required: true, message: 'Campo Obrigatório!' }, { min: 2, message: 'Mínimo 2 caracteres!' }]}>
          <Input id="usuario-nome" />
        </Form.Item>
        <Form.Item name="email" label="E-mail" rules={[{ required: true, message: 'Campo Obrigatório!' }, { type: 'email', message: 'E-mail inválido!' }, { max: 50, message: 'Máximo 50 caracteres!' }]}>
          <Input id="usuario-email" onChange={(e) => form.setFieldValue('email', e.target.value.toLowerCase())} />
        </Form.Item>
        <Form.Item name="telefone" label="Telefone">
          <Input id="usuario-telefone" />
        </Form.Item>
        <Form.Item name="senha" label={mode === 'editar' ? 'Nova senha (deixe em branco para manter)' : 'Senha'} rules={[...(mode === 'cadastrar' ? [{ required: true, message: 'Campo Obrigatório!' }] : []), { min: 6, message: 'Mínimo 6 caracteres!' }]}>
          <Input.Password id="usuario-senha" autoComplete="new-password" />
        </Form.Item>
        <Form.Item name="perfilId" label="Perfil de acesso">
          <Select allowClear options={(perfis.data ?? []).map((p) => ({ value: p.id, label: p.nome }))} />
        </Form.Item>
        <Form.Item name="filiais" label="Filiais">
          <Checkbox.Group options={branchOptions} />
        </Form.Item>
        <Space size="large">
          <Form.Item name="ativo" label="Ativo" valuePropName="checked">
            <Switch />
          </Form.Item>
          <Form.Item name="perfilAdmin" label="Administrador" valuePropName="checked">
            <Switch disabled={!podeConcederPapeis} />
          </Form.Item>
          <Form.Item name="isContador" label="Contador" valuePropName="checked">
            <Switch disabled={!podeConcederPapeis} />
          </Form.Item>
        </Space>
        {!podeConcederPapeis ? (
          <Typography.Paragraph type="secondary" className="aviso-papeis">
            {editandoAdministrador ? 'Somente um administrador da conta pode alterar um usuário administrador.' : 'Somente um administrador da conta concede os papéis de administrador e de contador.'}
          </Typography.Paragraph>
        ) : null}
        <div>
          <Space>
            <Button onClick={() => navigate(LIST)}>Cancelar</Button>
            <Button type="primary" htmlType="submit" loading={saving}>
              Salvar
            </Button>
          </Space>
        </div>
      </Form>
    </div>
  );
}
