import { Card, Typography } from 'antd';
import { formatDate } from '../../../shared/dates.ts';
import { formatBRL } from '../../../shared/money.ts';
import type { ParcelaPlano } from '../../../shared/parcelamento.ts';
import type { TotaisMostrados } from './totais.ts';

/** How the instalments read: 'À vista em 29/11/2026' or '3× a partir de 29/11/2026: R$ 26,41, R$ 26,41, R$ 26,43'. */
export function textoParcelas(parcelas: ParcelaPlano[]): string {
  if (!parcelas.length) return '—';
  if (parcelas.length === 1) return `1× de ${formatBRL(parcelas[0].valor)} em ${formatDate(parcelas[0].vencimento)}`;
  const valores = [...new Set(parcelas.map((p) => p.valor))];
  const quais = valores.length === 1 ? `de ${formatBRL(valores[0])}` : parcelas.map((p) => formatBRL(p.valor)).join(' + ');
  return `${parcelas.length}× ${quais}, a partir de ${formatDate(parcelas[0].vencimento)}`;
}

/**
 * The totals of a document, kept in view at the bottom of the window while the form scrolls (issue 43): items,
 * discount on the total, freight, other costs, the total and the instalments, as the person types; `nfe` says
 * whether faturar issues an NF-e (the natureza de operação decides).
 */
export function TotaisDocumento({ totais, nfe }: { totais: TotaisMostrados; nfe?: string | null }) {
  const item = (rotulo: string, valor: string, forte = false, id?: string) => (
    <div style={{ display: 'flex', flexDirection: 'column', minWidth: 0 }}>
      <Typography.Text type="secondary" style={{ fontSize: 12, whiteSpace: 'nowrap' }}>
        {rotulo}
      </Typography.Text>
      <Typography.Text strong={forte} style={{ fontSize: forte ? 18 : 14, whiteSpace: 'nowrap' }} data-testid={id}>
        {valor}
      </Typography.Text>
    </div>
  );
  return (
    <Card size="small" data-testid="totais-documento" aria-live="polite" aria-label="Totais do pedido" style={{ position: 'sticky', bottom: 0, zIndex: 5, marginTop: 12, boxShadow: '0 -2px 8px rgba(0,0,0,0.08)' }}>
      <div style={{ display: 'flex', gap: 24, flexWrap: 'wrap', alignItems: 'flex-end' }}>
        {item('Itens', formatBRL(totais.totalProdutos), false, 'total-itens')}
        {item('Desconto no total', formatBRL(totais.totalDesconto))}
        {item('Frete', formatBRL(totais.frete))}
        {item('Outras despesas', formatBRL(totais.outrasDespesas))}
        {item('Total do pedido', formatBRL(totais.valorTotal), true, 'total-pedido')}
        <div style={{ display: 'flex', flexDirection: 'column', minWidth: 0, flex: 1 }}>
          <Typography.Text type="secondary" style={{ fontSize: 12 }}>
            Parcelas
          </Typography.Text>
          <Typography.Text data-testid="parcelas-previa" ellipsis={{ tooltip: true }}>
            {textoParcelas(totais.parcelas)}
          </Typography.Text>
        </div>
        {nfe ? (
          <Typography.Text type="secondary" data-testid="nfe-ao-faturar" style={{ fontSize: 12, flexBasis: '100%' }}>
            {nfe}
          </Typography.Text>
        ) : null}
        {totais.completo === false ? (
          <Typography.Text type="secondary" style={{ fontSize: 12, flexBasis: '100%' }}>
            Linhas sem produto, quantidade ou preço ainda não entram nos totais.
          </Typography.Text>
        ) : null}
      </div>
    </Card>
  );
}
