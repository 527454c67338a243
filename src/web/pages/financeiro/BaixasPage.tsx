import { EyeOutlined, RollbackOutlined } from '@ant-design/icons';
import { Button, Space, Tag } from 'antd';
import { useNavigate } from 'react-router-dom';
import { formatDate } from '../../../shared/dates.ts';
import { formatBRL } from '../../../shared/money.ts';
import { api } from '../../api/client.ts';
import { getUser, may } from '../../api/session.ts';
import { useSomenteLeitura } from '../../assinatura/assinatura.ts';
import { useBrandDoc } from '../../brand/brand-overlay.ts';
import { confirmDialog, showError, toast } from '../../dialogs/dialogs.tsx';
import { resourceByName } from '../../catalog/registry.ts';
import type { ResourceDoc } from '../../../../generated/schema-types.ts';
import { reloadFinanceiro } from './financeiro-api.ts';
import { GradeComSaldos } from './GradeComSaldos.tsx';

const ALSO = ['lancamentoId', 'estornoDe'];

/** pages/financeiro/lancamentos/lista/baixas: every settlement and its reversal; undo one from its row. */
export default function BaixasPage() {
  const doc = useBrandDoc(resourceByName('baixa') as ResourceDoc);
  const navigate = useNavigate();
  const user = useSomenteLeitura() ? null : getUser();
  const podeEstornar = may(user, 'app.lancamento', 'full');

  const estornar = async (row: Record<string, unknown>) => {
    if (!(await confirmDialog({ title: 'Estornar baixa?', content: `A baixa de ${formatBRL(String(row.valor))} em ${formatDate(String(row.data))} de '${String(row.descricao)}' será desfeita por um lançamento inverso.`, danger: true }))) return;
    try {
      await api.post(`Baixas/${row.id}/estornar`, {});
      toast('success', 'Baixa estornada.');
      await reloadFinanceiro();
    } catch (err) {
      showError(err);
    }
  };

  return (
    <GradeComSaldos
      doc={doc}
      alsoFields={ALSO}
      rowActions={(row) => (
        <Space size={4}>
          {row.estornoDe ? (
            <Tag>Estorno</Tag>
          ) : row.estornada ? (
            <Tag>Estornada</Tag>
          ) : podeEstornar ? (
            <Button size="small" type="link" danger icon={<RollbackOutlined />} onClick={() => estornar(row)}>
              Estornar
            </Button>
          ) : null}
          <Button size="small" type="text" icon={<EyeOutlined />} aria-label="Visualizar" title="Visualizar" onClick={() => navigate(`/pages/financeiro/lancamentos/visualizar/${row.lancamentoId}`)} />
        </Space>
      )}
    />
  );
}
