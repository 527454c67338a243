import Decimal from 'decimal.js';
import { Alert, Form, Modal, Select, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { formatBRL, MONEY_RE } from '../../../shared/money.ts';
import { formatDate } from '../../../shared/dates.ts';
import { api } from '../../api/client.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';
import { hoje, reloadFinanceiro, useSaldos, type ParcelaRow } from './financeiro-api.ts';
import { DateInput, MoneyInput } from './inputs.tsx';
import { RowsTable } from '../../ui/ListTable.tsx';

interface Linha {
  parcelaId: number;
  principal?: string;
  juros?: string;
  multa?: string;
  desconto?: string;
}

const dec = (v: string | undefined) => (v && MONEY_RE.test(v) ? new Decimal(v) : new Decimal(0));
/** The money that moves: the principal settled plus juros and multa, less the desconto. */
const valorDe = (l: Linha) => dec(l.principal).plus(dec(l.juros)).plus(dec(l.multa)).minus(dec(l.desconto));

/**
 * Settles one or several parcelas into one conta on one date (POST /api/Parcelas/baixar): each line may be
 * partial (lower the principal) and carry juros, multa and desconto. The server checks everything again.
 */
export function BaixaModal({ parcelas, onClose }: { parcelas: ParcelaRow[] | null; onClose: (done: boolean) => void }) {
  const { data: contas } = useSaldos();
  const [contaId, setContaId] = useState<number>();
  const [data, setData] = useState<string | undefined>(hoje());
  const [linhas, setLinhas] = useState<Linha[]>([]);
  const [saving, setSaving] = useState(false);
  const ativas = useMemo(() => (contas ?? []).filter((c) => c.ativo), [contas]);

  useEffect(() => {
    if (!parcelas) return;
    setLinhas(parcelas.map((p) => ({ parcelaId: p.id, principal: p.valorAberto })));
    setData(hoje());
    const prevista = parcelas.find((p) => p.contaId)?.contaId ?? undefined;
    setContaId(prevista ?? undefined);
  }, [parcelas]);
  useEffect(() => {
    if (contaId === undefined && ativas.length && parcelas) setContaId(parcelas.find((p) => p.contaId)?.contaId ?? ativas[0].contaId);
  }, [ativas, contaId, parcelas]);

  const set = (i: number, patch: Partial<Linha>) => setLinhas((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));
  const total = linhas.reduce((s, l) => s.plus(valorDe(l)), new Decimal(0));
  const byId = new Map((parcelas ?? []).map((p) => [p.id, p]));
  const tipo = parcelas?.[0]?.tipo;

  const salvar = async () => {
    setSaving(true);
    try {
      const itens = linhas.map((l) => ({ parcelaId: l.parcelaId, valor: valorDe(l).toFixed(2), juros: l.juros || '0', multa: l.multa || '0', desconto: l.desconto || '0' }));
      await api.post('Parcelas/baixar', { contaId, data, itens });
      toast('success', linhas.length > 1 ? `${linhas.length} parcelas baixadas.` : 'Parcela baixada.');
      await reloadFinanceiro();
      onClose(true);
    } catch (err) {
      showError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={!!parcelas}
      title={parcelas && parcelas.length > 1 ? `Baixar ${parcelas.length} parcelas` : tipo === 0 ? 'Receber parcela' : 'Pagar parcela'}
      okText="Confirmar baixa"
      cancelText="Cancelar"
      width={parcelas && parcelas.length > 1 ? 980 : 760}
      confirmLoading={saving}
      onOk={salvar}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Form layout="vertical">
        <div style={{ display: 'flex', gap: 16 }}>
          <Form.Item label="Conta" style={{ flex: 2 }}>
            <Select id="baixa_conta" aria-label="Conta" value={contaId} onChange={setContaId} options={ativas.map((c) => ({ value: c.contaId, label: c.descricao }))} />
          </Form.Item>
          <Form.Item label="Data da baixa" style={{ flex: 1 }}>
            <DateInput id="baixa_data" value={data} onChange={setData} />
          </Form.Item>
        </div>
      </Form>
      <RowsTable<Linha>
        rowKey="parcelaId"
        dataSource={linhas}
        columns={[
          {
            key: 'parcela',
            title: 'Parcela',
            render: (_, l) => {
              const p = byId.get(l.parcelaId)!;
              return (
                <div>
                  <div>{p.descricao}</div>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {p.numero}/{p.quantidadeParcelas ?? p.numero} · vence {formatDate(p.vencimento)} · aberto {formatBRL(p.valorAberto)}
                  </Typography.Text>
                </div>
              );
            },
          },
          { key: 'principal', title: 'Valor', width: 140, render: (_, l, i) => <MoneyInput id={`baixa_${i}_valor`} value={l.principal} onChange={(v) => set(i, { principal: v })} /> },
          { key: 'juros', title: 'Juros', width: 120, render: (_, l, i) => <MoneyInput id={`baixa_${i}_juros`} value={l.juros} onChange={(v) => set(i, { juros: v })} /> },
          { key: 'multa', title: 'Multa', width: 120, render: (_, l, i) => <MoneyInput id={`baixa_${i}_multa`} value={l.multa} onChange={(v) => set(i, { multa: v })} /> },
          { key: 'desconto', title: 'Desconto', width: 120, render: (_, l, i) => <MoneyInput id={`baixa_${i}_desconto`} value={l.desconto} onChange={(v) => set(i, { desconto: v })} /> },
          { key: 'total', title: 'Total', width: 120, align: 'right', render: (_, l) => formatBRL(valorDe(l)) },
        ]}
      />
      <Alert style={{ marginTop: 12 }} type="info" showIcon title={`Total da baixa: ${formatBRL(total)}`} description="Para uma baixa parcial, diminua o valor; o restante continua em aberto." />
    </Modal>
  );
}
