import { SwapOutlined } from '@ant-design/icons';
import { Button, Modal } from 'antd';
import { useMemo, useState } from 'react';
import { api } from '../../api/client.ts';
import { fieldMessages, toApiError } from '../../api/errors.ts';
import { getUser, may } from '../../api/session.ts';
import { useSomenteLeitura } from '../../assinatura/assinatura.ts';
import { useBrandDoc } from '../../brand/brand-overlay.ts';
import { showError, toast } from '../../dialogs/dialogs.tsx';
import { SchemaForm } from '../../renderer/SchemaForm.tsx';
import { resourceByName } from '../../catalog/registry.ts';
import type { ResourceDoc } from '../../../../generated/schema-types.ts';
import { hoje, reloadFinanceiro } from './financeiro-api.ts';
import { GradeComSaldos } from './GradeComSaldos.tsx';

/**
 * pages/financeiro/lancamentos/lista/transferencias: money moved between contas (two movements, one
 * transaction on the server), the balances, and a new transfer in a dialog validated by the same document.
 */
export default function TransferenciasPage() {
  const doc = useBrandDoc(resourceByName('transferenciaFinanceira') as ResourceDoc);
  const user = useSomenteLeitura() ? null : getUser();
  const pode = may(user, 'app.lancamento', 'change');
  const [aberto, setAberto] = useState(false);
  const [saving, setSaving] = useState(false);
  const [serverErrors, setServerErrors] = useState<Record<string, string>>();
  const initial = useMemo(() => ({ data: hoje() }), []);

  const salvar = async (payload: Record<string, unknown>) => {
    setSaving(true);
    setServerErrors(undefined);
    try {
      await api.post('TransferenciasFinanceiras', payload);
      toast('success', 'Transferência salva com sucesso.');
      await reloadFinanceiro();
      setAberto(false);
    } catch (err) {
      setServerErrors(fieldMessages(toApiError(err)));
      showError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <GradeComSaldos
      doc={doc}
      toolbar={
        pode ? (
          <Button type="primary" icon={<SwapOutlined />} onClick={() => setAberto(true)}>
            Nova transferência
          </Button>
        ) : null
      }
    >
      <Modal open={aberto} title="Nova transferência" footer={null} width={720} onCancel={() => setAberto(false)} destroyOnHidden>
        <SchemaForm doc={doc} initialData={initial} serverErrors={serverErrors} saving={saving} onSubmit={salvar} onCancel={() => setAberto(false)} />
      </Modal>
    </GradeComSaldos>
  );
}
