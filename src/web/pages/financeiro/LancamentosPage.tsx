import { CheckOutlined, EyeOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { getUser, may } from '../../api/session.ts';
import { useSomenteLeitura } from '../../assinatura/assinatura.ts';
import { useBrandDoc } from '../../brand/brand-overlay.ts';
import { SchemaGrid } from '../../renderer/SchemaGrid.tsx';
import { resourceByName } from '../../catalog/registry.ts';
import type { ResourceDoc } from '../../../../generated/schema-types.ts';
import { BaixaModal } from './BaixaModal.tsx';
import { TIPO_TEXTO, type ParcelaRow } from './financeiro-api.ts';
import { SaldosContas } from './SaldosContas.tsx';
import { TotaisParcelas } from './TotaisParcelas.tsx';
import { PageTitle } from '../../ui/PageTitle.tsx';

const ABERTAS = new Set(['aberto', 'parcial', 'atrasado']);
export const STATUS_COR: Record<string, string> = { pago: 'green', atrasado: 'red', parcial: 'gold', aberto: 'blue', cancelado: 'default' };
const ALSO = ['lancamentoId', 'tipo', 'quantidadeParcelas'];
const CELLS = {
  status: (text: string, row: Record<string, unknown>) => <Tag color={STATUS_COR[String(row.status)]}>{text}</Tag>,
  numero: (text: string, row: Record<string, unknown>) => `${text}/${String(row.quantidadeParcelas ?? text)}`,
};

/**
 * pages/financeiro/lancamentos/lista/despesas | receitas (and pages/financeiro/lancamentos, both kinds): the
 * parcelas of the lançamentos, filtered by period, status, conta, categoria and pessoa, with the totals of the
 * filtered rows, the balance of each conta, and settling from the row or several rows at once.
 */
export default function LancamentosPage({ tipo }: { tipo?: 0 | 1 }) {
  const shipped = resourceByName('parcela') as ResourceDoc;
  const doc = useBrandDoc(shipped);
  const navigate = useNavigate();
  const user = useSomenteLeitura() ? null : getUser();
  const podeBaixar = may(user, 'app.lancamento', 'change');
  const [selecionadas, setSelecionadas] = useState<ParcelaRow[]>([]);
  const [baixar, setBaixar] = useState<ParcelaRow[] | null>(null);
  const fixedWhere = useMemo(() => (tipo === undefined ? undefined : { tipo }), [tipo]);
  const texto = tipo === undefined ? null : TIPO_TEXTO[tipo];

  return (
    <div data-lancamentos={tipo ?? 'todos'}>
      <PageTitle>{texto?.plural ?? doc.title}</PageTitle>
      <SaldosContas />
      <SchemaGrid
        key={tipo ?? 'todos'}
        doc={doc}
        fixedWhere={fixedWhere}
        cells={CELLS}
        alsoFields={ALSO}
        canCreate={!!texto && podeBaixar}
        canEdit={false}
        canDelete={false}
        onCreate={() => texto && navigate(`/${texto.rota}/cadastrar`)}
        above={(where) => <TotaisParcelas where={where} pagar={tipo !== 0} />}
        rowSelection={
          podeBaixar
            ? {
                selectedRowKeys: selecionadas.map((r) => r.id),
                getCheckboxProps: (r) => ({ disabled: !ABERTAS.has(String(r.status)), 'aria-label': `Selecionar ${String(r.descricao)}` }),
                onChange: (_keys, rows) => setSelecionadas(rows as ParcelaRow[]),
                preserveSelectedRowKeys: true,
              }
            : undefined
        }
        toolbar={
          podeBaixar ? (
            <Button icon={<CheckOutlined />} disabled={!selecionadas.length} onClick={() => setBaixar(selecionadas)}>
              Baixar selecionadas{selecionadas.length ? ` (${selecionadas.length})` : ''}
            </Button>
          ) : null
        }
        rowActions={(row) => {
          const p = row as ParcelaRow;
          return (
            <Space size={4}>
              {podeBaixar && ABERTAS.has(p.status) ? (
                <Button size="small" type="link" icon={<CheckOutlined />} aria-label="Baixar" title="Baixar" onClick={() => setBaixar([p])}>
                  Baixar
                </Button>
              ) : null}
              <Button size="small" type="text" icon={<EyeOutlined />} aria-label="Visualizar" title="Visualizar" onClick={() => navigate(`/pages/financeiro/lancamentos/visualizar/${p.lancamentoId}`)} />
            </Space>
          );
        }}
      />
      <BaixaModal
        parcelas={baixar}
        onClose={(done) => {
          setBaixar(null);
          if (done) setSelecionadas([]);
        }}
      />
    </div>
  );
}
