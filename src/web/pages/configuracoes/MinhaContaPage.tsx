import { UserOutlined } from '@ant-design/icons';
import { Avatar, Button, Card, Form, Input, Space, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { mutate } from 'swr';
import { api } from '../../api/client.ts';
import { toApiError } from '../../api/errors.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';
import { USER_INFO_KEY, useUserInfo } from '../../shell/user-info.ts';
import type { UsuarioRow } from './UsuariosPage.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

/** pages/configuracoes/usuarios/editarminhaconta: name, avatar and the change of password. */
export default function MinhaContaPage() {
  const info = useUserInfo().data;
  const [conta] = Form.useForm<{ nome: string; avatar?: string }>();
  const [senha] = Form.useForm<{ senhaAntiga: string; senhaNova: string; confirmar: string }>();
  const [me, setMe] = useState<UsuarioRow | null>(null);
  const [saving, setSaving] = useState<'conta' | 'senha' | null>(null);
  useEffect(() => {
    if (!info?.id) return;
    api.get<UsuarioRow & { avatar?: string }>(`Usuarios/${info.id}`).then((r) => {
      setMe(r.data);
      conta.setFieldsValue({ nome: r.data.nome, avatar: r.data.avatar ?? undefined });
    }, showError);
  }, [info?.id, conta]);

  const saveConta = async (v: { nome: string; avatar?: string }) => {
    if (!me) return;
    setSaving('conta');
    try {
      await api.put(`Usuarios/${me.id}`, { ...me, nome: v.nome, avatar: v.avatar || null, senha: undefined });
      toast('success', 'Dados salvos com sucesso.');
      await mutate(USER_INFO_KEY);
    } catch (err) {
      showError(err);
    } finally {
      setSaving(null);
    }
  };
  const saveSenha = async (v: { senhaAntiga: string; senhaNova: string }) => {
    setSaving('senha');
    try {
      await api.post('Usuarios/alteraSenha', { userId: info?.id, senhaAntiga: v.senhaAntiga, senhaNova: v.senhaNova });
      toast('success', 'Sua senha foi alterada com sucesso');
      senha.resetFields();
    } catch (err) {
      const e = toApiError(err);
      senha.setFields(e.details.filter((d) => d.campo).map((d) => ({ name: d.campo as 'senhaAntiga', errors: [d.mensagem] })));
      showError(err);
    } finally {
      setSaving(null);
    }
  };
  const avatar = Form.useWatch('avatar', conta);
  return (
    <div style={{ maxWidth: 640 }}>
      <PageTitle>Minha conta</PageTitle>
      <Card title="Dados" style={{ marginBottom: 16 }}>
        <Form form={conta} layout="vertical" onFinish={saveConta}>
          <Space align="start" size="large">
            <Avatar size={64} src={avatar || undefined} icon={<UserOutlined />} />
            <div style={{ minWidth: 360 }}>
              <Form.Item name="nome" label="Nome" rules={[{ required: true, message: 'Campo Obrigatório!' }, { min: 2, message: 'Mínimo 2 caracteres!' }]}>
                <Input id="minha-conta-nome" />
              </Form.Item>
              <Form.Item name="avatar" label="Avatar (endereço da imagem)">
                <Input id="minha-conta-avatar" placeholder="https://" />
              </Form.Item>
            </div>
          </Space>
          <Typography.Paragraph type="secondary">E-mail: {info?.email ?? me?.email}</Typography.Paragraph>
          <Button type="primary" htmlType="submit" loading={saving === 'conta'} disabled={!me}>
            Salvar
          </Button>
        </Form>
      </Card>
      <Card title="Alterar senha">
        <Form form={senha} layout="vertical" onFinish={saveSenha}>
          <Form.Item name="senhaAntiga" label="Senha atual" rules={[{ required: true, message: 'Campo Obrigatório!' }]}>
            <Input.Password id="senhaAntiga" autoComplete="current-password" />
          </Form.Item>
          <Form.Item name="senhaNova" label="Nova senha" rules={[{ required: true, message: 'Campo Obrigatório!' }, { min: 6, message: 'Mínimo 6 caracteres!' }]}>
            <Input.Password id="senhaNova" autoComplete="new-password" />
          </Form.Item>
          <Form.Item
            name="confirmar"
            label="Confirme a nova senha"
            dependencies={['senhaNova']}
            rules={[{ required: true, message: 'Campo Obrigatório!' }, ({ getFieldValue }) => ({ validator: (_, v) => (!v || v === getFieldValue('senhaNova') ? Promise.resolve() : Promise.reject(new Error('Os valores não conferem!'))) })]}
          >
            <Input.Password id="confirmarSenha" autoComplete="new-password" />
          </Form.Item>
          <Button type="primary" htmlType="submit" loading={saving === 'senha'}>
            Alterar senha
          </Button>
        </Form>
      </Card>
    </div>
  );
}
