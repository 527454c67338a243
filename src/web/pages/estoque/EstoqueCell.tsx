import useSWR from 'swr';
import { formatQuantity } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';

type Saldo = { produtoId: number; deposito: string; quantidade: string };

// The cells of one grid page ask together: ids gathered in the same tick become one request.
let pending: { ids: Set<number>; promise: Promise<Map<number, Saldo[]>> } | null = null;
function saldosDe(id: number): Promise<Saldo[]> {
  if (!pending) {
    const ids = new Set<number>();
    const promise = new Promise<Map<number, Saldo[]>>((resolve, reject) =>
      setTimeout(() => {
        pending = null;
        api
          .get<Saldo[]>('SaldosEstoque/porDeposito', { params: { produtoIds: [...ids].join(',') } })
          .then((r) => {
            const m = new Map<number, Saldo[]>();
            for (const s of r.data) m.set(s.produtoId, [...(m.get(s.produtoId) ?? []), s]);
            resolve(m);
          }, reject);
      }, 0),
    );
    pending = { ids, promise };
  }
  pending.ids.add(id);
  return pending.promise.then((m) => m.get(id) ?? []);
}

const qtd = formatQuantity;

/** A product's balance per depósito of the branch, read-only, in the products grid. */
export function EstoqueCell({ id }: { id: number }) {
  const { data } = useSWR(`estoque:celula:${id}`, () => saldosDe(id));
  if (!data) return null;
  if (!data.length) return <span style={{ color: '#999' }}>0</span>;
  return (
    <span data-testid="estoque-celula">
      {data.map((s) => (
        <div key={s.deposito} style={{ whiteSpace: 'nowrap' }}>
          {data.length > 1 ? `${s.deposito}: ` : ''}
          {qtd(s.quantidade)}
        </div>
      ))}
    </span>
  );
}
