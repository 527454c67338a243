import { Button, Form, Input, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { mutate } from 'swr';
import { api } from '../../api/client.ts';
import { useRecord } from '../../api/hooks.ts';
import { toApiError } from '../../api/errors.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';
import { PermissionMatrixInput, type PermissionMap } from '../../renderer/widgets/PermissionMatrix.tsx';

const LIST = '/pages/configuracoes/perfil';

/**
 * pages/configuracoes/perfil/cadastrar | editar/:id. An object field is drawn by RJSF's ObjectField, which
 * does not consult ui:widget, so the profile's matrix gets this form of its own (same API, same widget).
 */
export default function PerfilFormPage({ mode }: { mode: 'cadastrar' | 'editar' }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const record = useRecord<{ nome: string; permissoes: PermissionMap }>('Perfis', mode === 'editar' ? id : null, { revalidateOnFocus: false, keepPreviousData: false });
  const [nome, setNome] = useState('');
  const [permissoes, setPermissoes] = useState<PermissionMap>({});
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (record.data) (setNome(record.data.nome), setPermissoes(record.data.permissoes ?? {}));
  }, [record.data]);

  const save = async () => {
    const e: Record<string, string> = {};
    if (!nome.trim()) e.nome = 'Campo Obrigatório!';
    else if (nome.trim().length < 2) e.nome = 'Mínimo 2 caracteres!';
    setErrors(e);
    if (Object.keys(e).length) return;
    setSaving(true);
    try {
      const body = { nome: nome.trim(), permissoes };
      if (mode === 'editar') await api.put(`Perfis/${id}`, body);
      else await api.post('Perfis', body);
      toast('success', 'Perfil de acesso salvo com sucesso.');
      await mutate((key) => typeof key === 'string' && key.includes('"Perfis"'), undefined, { revalidate: true });
      navigate(LIST);
    } catch (err) {
      const info = toApiError(err);
      setErrors(Object.fromEntries(info.details.filter((d) => d.campo).map((d) => [d.campo!, d.mensagem])));
      showError(err);
    } finally {
      setSaving(false);
    }
  };

  if (mode === 'editar' && record.error) return <Typography.Text type="danger">{toApiError(record.error).message}</Typography.Text>;
  if (mode === 'editar' && !record.data) return <Spin />;
  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {mode === 'editar' ? 'Editar' : 'Cadastrar'} perfil de acesso
      </Typography.Title>
      <Form layout="vertical" onFinish={save}>
        <Form.Item label="Nome" required validateStatus={errors.nome ? 'error' : undefined} help={errors.nome}>
          <Input id="perfil-nome" value={nome} maxLength={60} onChange={(e) => setNome(e.target.value)} />
        </Form.Item>
        <Form.Item label="Permissões">
          <PermissionMatrixInput value={permissoes} onChange={setPermissoes} />
        </Form.Item>
        <Space>
          <Button onClick={() => navigate(LIST)}>Cancelar</Button>
          <Button type="primary" htmlType="submit" loading={saving}>
            Salvar
          </Button>
        </Space>
      </Form>
    </div>
  );
}
