import { Select, Space } from 'antd';
import useSWR from 'swr';
import { api } from '../../../api/client.ts';

export interface ContaAdmin {
  id: number;
  nome: string;
  cpfCnpj: string | null;
  estado: string;
  filiais: { id: number; nome: string; apelido: string | null; cpfCnpj: string }[];
}

export const useContas = () => useSWR('Admin/contas', async () => (await api.get<ContaAdmin[]>('Admin/contas')).data);

/** Choosing one of the brand's accounts (and, optionally, one of its branches). */
export function ContaSelect({ conta, filial, onConta, onFilial }: { conta: number | null; filial?: number | null; onConta: (id: number | null) => void; onFilial?: (id: number | null) => void }) {
  const { data } = useContas();
  const atual = data?.find((c) => c.id === conta);
  return (
    <Space wrap style={{ marginBottom: 16 }}>
      <label htmlFor="admin-conta">Conta</label>
      <Select
        id="admin-conta"
        showSearch
        optionFilterProp="label"
        style={{ minWidth: 280 }}
        value={conta ?? undefined}
        onChange={(v: number) => (onConta(v), onFilial?.(null))}
        options={(data ?? []).map((c) => ({ value: c.id, label: c.nome }))}
      />
      {onFilial ? (
        <>
          <label htmlFor="admin-filial">Filial</label>
          <Select
            id="admin-filial"
            style={{ minWidth: 240 }}
            value={filial ?? undefined}
            onChange={(v: number) => onFilial(v)}
            options={(atual?.filiais ?? []).map((f) => ({ value: f.id, label: `${f.apelido ?? f.nome} (${f.cpfCnpj})` }))}
          />
        </>
      ) : null}
    </Space>
  );
}
