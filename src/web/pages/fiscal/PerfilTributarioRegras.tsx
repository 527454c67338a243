import { Button, DatePicker, Form, Input, Select, Space, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { mutate } from 'swr';
import { api } from '../../api/client.ts';
import { useRecord } from '../../api/hooks.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';
import { useUserInfo } from '../../shell/user-info.ts';
import { useLookupOptions } from './use-fiscal-lookups.ts';
import { pct, RegrasDoPerfil } from './RegrasDoPerfil.tsx';

interface Regra {
  id: number;
  ufOrigem: string;
  ufDestino: string;
  vigenciaInicio: string;
  cstIcms: string | null;
  csosn: string | null;
  aliquotaIcms: string | null;
  cfop: string | null;
  observacao: string | null;
}

/**
 * The perfil tributário's ICMS rules (every version, newest first) and a quick way to add one: the full form
 * (ST, FCP, DIFAL) is Configurações > Fiscal > Tributações estaduais; the server checks both the same way.
 */
export default function PerfilTributarioRegras({ id }: { id: number }) {
  const info = useUserInfo();
  const filial = useRecord<{ uf: string | null }>('Empresas', info.data?.filialSelecionadaObj?.id ?? null);
  const ufs = useLookupOptions('uf');
  const csts = useLookupOptions('cstIcms', true);
  const csosns = useLookupOptions('csosn', true);
  const [form] = Form.useForm();
  const [saving, setSaving] = useState(false);

  const add = async (v: Record<string, unknown>) => {
    setSaving(true);
    try {
      await api.post('TributacoesEstaduais', {
        perfilTributarioId: id,
        ufOrigem: v.ufOrigem ?? filial.data?.uf,
        ufDestino: v.ufDestino,
        vigenciaInicio: (v.vigenciaInicio as dayjs.Dayjs).format('YYYY-MM-DD'),
        cstIcms: v.cstIcms ?? null,
        csosn: v.csosn ?? null,
        aliquotaIcms: v.aliquotaIcms ? String(v.aliquotaIcms).replace(',', '.') : null,
      });
      toast('success', 'Tributação estadual salva com sucesso.');
      form.resetFields(['ufDestino', 'cstIcms', 'csosn', 'aliquotaIcms']);
      await mutate((key) => typeof key === 'string' && key.includes('"TributacoesEstaduais"'), undefined, { revalidate: true });
    } catch (err) {
      showError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <RegrasDoPerfil<Regra>
      id={id}
      recurso="TributacoesEstaduais"
      rota="tributacoes-estaduais"
      testId="perfil-regras"
      vazio="Nenhuma tributação estadual neste perfil."
      colunas={[
        { title: 'Origem', dataIndex: 'ufOrigem' },
        { title: 'Destino', dataIndex: 'ufDestino' },
        { title: 'CST', dataIndex: 'cstIcms' },
        { title: 'CSOSN', dataIndex: 'csosn' },
        { title: 'Alíquota', dataIndex: 'aliquotaIcms', render: pct },
        { title: 'CFOP', dataIndex: 'cfop' },
      ]}
    >
      <Typography.Title level={5} style={{ marginTop: 16 }}>
        Nova regra estadual
      </Typography.Title>
      <Form form={form} layout="inline" onFinish={add} initialValues={{ vigenciaInicio: dayjs() }} key={filial.data?.uf ?? 'sem-uf'}>
        <Form.Item name="ufOrigem" label="UF de origem" initialValue={filial.data?.uf ?? undefined} rules={[{ required: true, message: 'Informe a UF de origem.' }]}>
          <Select id="regra-uf-origem" showSearch options={ufs} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="ufDestino" label="UF de destino" rules={[{ required: true, message: 'Informe a UF de destino.' }]}>
          <Select id="regra-uf-destino" showSearch options={ufs} style={{ width: 90 }} />
        </Form.Item>
        <Form.Item name="vigenciaInicio" label="Vigência a partir de" rules={[{ required: true, message: 'Informe o início da vigência.' }]}>
          <DatePicker id="regra-vigencia" format="DD/MM/YYYY" allowClear={false} />
        </Form.Item>
        <Form.Item name="cstIcms" label="CST">
          <Select id="regra-cst" showSearch allowClear options={csts} style={{ width: 220 }} popupMatchSelectWidth={false} />
        </Form.Item>
        <Form.Item name="csosn" label="CSOSN">
          <Select id="regra-csosn" showSearch allowClear options={csosns} style={{ width: 220 }} popupMatchSelectWidth={false} />
        </Form.Item>
        <Form.Item name="aliquotaIcms" label="Alíquota do ICMS (%)">
          <Input id="regra-aliquota" style={{ width: 80 }} inputMode="decimal" />
        </Form.Item>
        <Space>
          <Button type="primary" htmlType="submit" loading={saving}>
            Adicionar regra
          </Button>
          <Button href={`#/pages/fiscais/tributacoes-estaduais/cadastrar`}>Formulário completo</Button>
        </Space>
      </Form>
    </RegrasDoPerfil>
  );
}
