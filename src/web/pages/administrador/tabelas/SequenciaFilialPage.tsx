import { Button, InputNumber, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import useSWR from 'swr';
import { api } from '../../../api/client.ts';
import { showError, toast } from '../../../dialogs/dialogs.tsx';
import { ContaSelect } from './ContaSelect.tsx';
import { PageTitle } from '../../../ui/PageTitle.tsx';

interface Sequencia {
  tipo: string;
  descricao: string;
  serie: number;
  ultimoNumero: number;
  proximoNumero: number;
}

/** administrador/configuracoes/sequencia-filial (SPEC 2.8): NF-e, NFC-e and order numbers of a branch, moved forward only. */
export default function SequenciaFilialPage() {
  const [conta, setConta] = useState<number | null>(null);
  const [filial, setFilial] = useState<number | null>(null);
  const key = conta && filial ? `Admin/sequencias?contaId=${conta}&filialId=${filial}` : null;
  const { data, mutate, isLoading } = useSWR(key, async () => (await api.get<Sequencia[]>('Admin/sequencias', { params: { contaId: conta, filialId: filial } })).data);
  const [novo, setNovo] = useState<Record<string, number | null>>({});
  const avancar = async (s: Sequencia) => {
    try {
      await api.put('Admin/sequencias', { contaId: conta, filialId: filial, tipo: s.tipo, serie: s.serie, proximoNumero: novo[`${s.tipo}-${s.serie}`] });
      toast('success', `${s.descricao} série ${s.serie} avançada.`);
      await mutate();
    } catch (err) {
      showError(err);
    }
  };
  return (
    <div className="sequencia-filial-page">
      <PageTitle>Sequência de filial</PageTitle>
      <Typography.Paragraph type="secondary">Uma sequência só avança: nunca volta sobre números já usados.</Typography.Paragraph>
      <ContaSelect conta={conta} filial={filial} onConta={setConta} onFilial={setFilial} />
      <Table<Sequencia>
        rowKey={(s) => `${s.tipo}-${s.serie}`}
        size="small"
        loading={isLoading}
        pagination={false}
        dataSource={data ?? []}
        locale={{ emptyText: 'Escolha a conta e a filial.' }}
        columns={[
          { title: 'Documento', dataIndex: 'descricao' },
          { title: 'Série', dataIndex: 'serie', width: 80 },
          { title: 'Último número usado', dataIndex: 'ultimoNumero', width: 180 },
          {
            title: 'Próximo número',
            render: (_: unknown, s: Sequencia) => (
              <Space>
                <InputNumber aria-label={`Próximo número: ${s.descricao}`} min={s.proximoNumero} precision={0} placeholder={String(s.proximoNumero)} value={novo[`${s.tipo}-${s.serie}`] ?? null} onChange={(v) => setNovo((n) => ({ ...n, [`${s.tipo}-${s.serie}`]: v }))} />
                <Button onClick={() => avancar(s)} disabled={!novo[`${s.tipo}-${s.serie}`]}>
                  Avançar
                </Button>
              </Space>
            ),
          },
        ]}
      />
    </div>
  );
}
