import { Button, DatePicker, Input, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import useSWR from 'swr';
import { formatDate } from '../../../shared/dates.ts';
import { api } from '../../api/client.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';
import { ListTable } from '../../ui/ListTable.tsx';

type Row = Record<string, any>;

/** A commercial contact's history: what was talked about, when, by whom; a new one may set the next follow-up. */
export default function ContatoInteracoes({ id }: { id: number }) {
  const lista = useSWR(`contato:interacoes:${id}`, async () => (await api.get<Row[]>(`ContatosComerciais/${id}/interacoes`)).data);
  const [tipo, setTipo] = useState('Ligação');
  const [descricao, setDescricao] = useState('');
  const [proximo, setProximo] = useState<Dayjs | null>(null);
  const [saving, setSaving] = useState(false);
  const registrar = async () => {
    setSaving(true);
    try {
      await api.post(`ContatosComerciais/${id}/interacoes`, { tipo, descricao, ...(proximo ? { proximoContato: proximo.format('YYYY-MM-DD') } : {}) });
      toast('success', 'Interação registrada.');
      setDescricao('');
      setProximo(null);
      await lista.mutate();
    } catch (err) {
      showError(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Space wrap align="start">
        <Input aria-label="Tipo da interação" style={{ width: 140 }} value={tipo} onChange={(e) => setTipo(e.target.value)} />
        <Input.TextArea aria-label="O que foi tratado" style={{ width: 420 }} rows={2} placeholder="O que foi tratado" value={descricao} onChange={(e) => setDescricao(e.target.value)} />
        <DatePicker aria-label="Próximo contato" format="DD/MM/YYYY" placeholder="Próximo contato" value={proximo} onChange={setProximo} />
        <Button type="primary" loading={saving} onClick={registrar}>
          Registrar
        </Button>
      </Space>
      <ListTable
        list={lista}
        pagination={{ pageSize: 10, showSizeChanger: false }}
        empty="Nenhuma interação registrada."
        columns={[
          { key: 'data', dataIndex: 'data', title: 'Data', width: 110, render: (v) => formatDate(v) },
          { key: 'tipo', dataIndex: 'tipo', title: 'Tipo', width: 130 },
          { key: 'descricao', dataIndex: 'descricao', title: 'Descrição' },
          { key: 'usuario', dataIndex: 'usuario', title: 'Usuário', width: 160 },
        ]}
      />
    </Space>
  );
}
