import { Select } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../../api/client.ts';
import { listPath } from '../../api/hooks.ts';

export interface Opcao {
  value: number;
  label: string;
  extra?: Record<string, any>;
}

/** A search-as-you-type select over a resource list (clientes, produtos, transportadores), searched once opened. */
export function BuscaSelect({ endpoint, campo, rotulo, value, onChange, placeholder, ariaLabel, style, inicial }: {
  endpoint: string;
  campo: string;
  rotulo: (r: Record<string, any>) => string;
  value?: number | null;
  onChange: (v: number | null, extra?: Record<string, any>) => void;
  placeholder?: string;
  ariaLabel: string;
  style?: React.CSSProperties;
  inicial?: Opcao | null;
}) {
  const [opcoes, setOpcoes] = useState<Opcao[]>(inicial ? [inicial] : []);
  const [busca, setBusca] = useState('');
  // Searched only once opened: emitir-nfe mounts one per visible line (and again while scrolling its virtual table).
  const [ativo, setAtivo] = useState(false);
  useEffect(() => {
    if (!ativo) return;
    let vivo = true;
    const t = setTimeout(async () => {
      const where = busca ? { [campo]: { ilike: `%${busca.replace(/[%_\\]/g, '\\$&')}%` } } : {};
      const r = await api.get<Record<string, any>[]>(listPath(endpoint, { where, limit: 20, order: `${campo} ASC` }));
      if (vivo) setOpcoes((antes) => {
        const novas = r.data.map((x) => ({ value: Number(x.id), label: rotulo(x), extra: x }));
        const atual = antes.find((o) => o.value === value);
        return atual && !novas.some((n) => n.value === atual.value) ? [atual, ...novas] : novas;
      });
    }, 200);
    return () => {
      vivo = false;
      clearTimeout(t);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [ativo, busca, endpoint, campo]);
  useEffect(() => {
    if (inicial && !opcoes.some((o) => o.value === inicial.value)) setOpcoes((o) => [inicial, ...o]);
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [inicial?.value]);
  return (
    <Select
      aria-label={ariaLabel}
      showSearch={{
        filterOption: false,
        onSearch: (b) => {
          setAtivo(true);
          setBusca(b);
        },
      }}
      onOpenChange={(aberto) => aberto && setAtivo(true)}
      allowClear
      placeholder={placeholder}
      style={style}
      value={value ?? undefined}
      options={opcoes}
      onChange={(v) => onChange(v ?? null, opcoes.find((o) => o.value === v)?.extra)}
    />
  );
}
