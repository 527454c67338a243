import { Alert, Button, Input, Modal, Spin, Table } from 'antd';
import Decimal from 'decimal.js';
import { useEffect, useState } from 'react';
import { mutate } from 'swr';
import { api } from '../../../api/client.ts';
import { toApiError } from '../../../api/errors.ts';
import { getUser, may } from '../../../api/session.ts';
import { useSomenteLeitura } from '../../../assinatura/assinatura.ts';
import { showError, toast } from '../../../dialogs/dialogs.tsx';
import { formatBRL, parseBRL } from '../../../../shared/money.ts';
import type { DocumentExtrasProps } from '../../documentos/document-extras.ts';

interface Esperado {
  formaPagamentoId: number;
  descricao: string;
  valor: string;
}

/** Counted text per method as the person typed it ('1.234,56'); empty is R$ 0,00, anything else unreadable is null. */
const lido = (t: string | undefined): string | null => (t === undefined || t.trim() === '' ? '0.00' : parseBRL(t));

/**
 * The caixa document's closing from the back office (issue 19): an open session's expected amount per payment
 * method, the amount counted typed beside it, the difference shown line by line and in total, and the closing
 * posted through the PDV's caixa service (POST /api/Pdv/caixas/:id/fechar: counts, closing and finance postings
 * in one transaction). Replaces the generic 'Fechar', which cannot take the counts.
 */
export default function FecharCaixaAcoes({ id, data }: DocumentExtrasProps) {
  const [aberto, setAberto] = useState(false);
  const user = useSomenteLeitura() ? null : getUser();
  if (!id || data?.estado !== 'aberto' || !may(user, 'app.pdv', 'change')) return null;
  return (
    <>
      <Button type="primary" onClick={() => setAberto(true)}>
        Fechar caixa
      </Button>
      {aberto && <FecharCaixaDialogo id={id} numero={Number(data.numero)} onFechar={() => setAberto(false)} />}
    </>
  );
}

function FecharCaixaDialogo({ id, numero, onFechar }: { id: number; numero: number; onFechar: () => void }) {
  const [esperado, setEsperado] = useState<Esperado[] | null>(null);
  const [erro, setErro] = useState<string | null>(null);
  const [contado, setContado] = useState<Record<number, string>>({});
  const [enviando, setEnviando] = useState(false);

  useEffect(() => {
    api.get<{ esperado?: Esperado[] }>(`Pdv/caixas/${id}`).then(
      (r) => setEsperado(r.data.esperado ?? []),
      (err) => setErro(toApiError(err).message),
    );
  }, [id]);

  const linhas = (esperado ?? []).map((e) => {
    const c = lido(contado[e.formaPagamentoId]);
    return { ...e, contado: c, diferenca: c === null ? null : new Decimal(c).minus(e.valor).toFixed(2) };
  });
  const invalida = linhas.find((l) => l.contado === null);
  const soma = (f: (l: (typeof linhas)[number]) => string | null) => linhas.reduce((s, l) => s.plus(f(l) ?? 0), new Decimal(0)).toFixed(2);
  const totalEsperado = soma((l) => l.valor);
  const totalContado = soma((l) => l.contado);
  const diferenca = new Decimal(totalContado).minus(totalEsperado).toFixed(2);

  const fechar = async () => {
    if (invalida) return;
    setEnviando(true);
    try {
      const r = await api.post<{ diferenca: string }>(`Pdv/caixas/${id}/fechar`, { contado: linhas.map((l) => ({ formaPagamentoId: l.formaPagamentoId, valor: l.contado })) });
      toast('success', `Caixa ${numero} fechado. Diferença: ${formatBRL(r.data.diferenca)}.`);
      await mutate((key) => typeof key === 'string' && key.includes('"CaixasPdv"'), undefined, { revalidate: true });
      onFechar();
    } catch (err) {
      showError(err);
    } finally {
      setEnviando(false);
    }
  };

  return (
    <Modal
      open
      title={`Fechar o caixa nº ${numero}`}
      width={640}
      onCancel={onFechar}
      okText="Fechar caixa"
      cancelText="Cancelar"
      onOk={fechar}
      okButtonProps={{ disabled: !esperado || !!invalida, loading: enviando }}
      destroyOnHidden
    >
      {erro ? (
        <Alert type="error" title={erro} />
      ) : !esperado ? (
        <Spin />
      ) : (
        <div data-testid="fechar-caixa">
          <p>Informe o valor contado de cada forma de pagamento. A diferença fica registrada no caixa e lançada no financeiro.</p>
          <Table
            rowKey="formaPagamentoId"
            size="small"
            pagination={false}
            dataSource={linhas}
            columns={[
              { key: 'forma', title: 'Forma de pagamento', dataIndex: 'descricao' },
              { key: 'esperado', title: 'Esperado', align: 'right', render: (_: unknown, l) => formatBRL(l.valor) },
              {
                key: 'contado',
                title: 'Contado',
                width: 160,
                render: (_: unknown, l) => (
                  <Input
                    aria-label={`Contado ${l.descricao}`}
                    placeholder="0,00"
                    status={l.contado === null ? 'error' : undefined}
                    value={contado[l.formaPagamentoId] ?? ''}
                    onChange={(e) => setContado((c) => ({ ...c, [l.formaPagamentoId]: e.target.value }))}
                  />
                ),
              },
              { key: 'diferenca', title: 'Diferença', align: 'right', render: (_: unknown, l) => <span data-testid="fechar-caixa-diferenca">{l.diferenca === null ? 'Valor inválido' : formatBRL(l.diferenca)}</span> },
            ]}
            summary={() => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>
                  <b>Total</b>
                </Table.Summary.Cell>
                <Table.Summary.Cell index={1} align="right">
                  {formatBRL(totalEsperado)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={2} align="right">
                  {formatBRL(totalContado)}
                </Table.Summary.Cell>
                <Table.Summary.Cell index={3} align="right">
                  <b data-testid="fechar-caixa-total-diferenca">{formatBRL(diferenca)}</b>
                </Table.Summary.Cell>
              </Table.Summary.Row>
            )}
          />
          {invalida && <Alert type="error" style={{ marginTop: 8 }} title={`Contado ${invalida.descricao}: informe um valor em reais, como 1.234,56.`} />}
        </div>
      )}
    </Modal>
  );
}
