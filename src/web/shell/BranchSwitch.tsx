import { Modal, Radio, Space, Spin, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { api } from '../api/client.ts';
import { showError, toast } from '../dialogs/dialogs.tsx';
import type { BranchInfo } from './user-info.ts';

interface BranchOption {
  id: number;
  nome: string;
  apelido: string | null;
}

/** User menu 'Trocar de filial': one of the user's branches becomes the selected branch of every later request. */
export function BranchSwitch({ open, userId, current, onClose, onSwitched }: { open: boolean; userId?: number; current?: BranchInfo | null; onClose: () => void; onSwitched: (b: BranchInfo) => void }) {
  const [branches, setBranches] = useState<BranchOption[] | null>(null);
  const [choice, setChoice] = useState<number | undefined>(current?.id);
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (!open || !userId) return;
    setChoice(current?.id);
    api
      .get<BranchOption[]>('Usuarios/filiais')
      .then((r) => setBranches(r.data))
      .catch(() => setBranches(current?.id ? [{ id: current.id, nome: current.nome ?? '', apelido: current.apelido ?? null }] : []));
  }, [open, userId, current?.id]);
  const ok = async () => {
    if (!choice || choice === current?.id) return onClose();
    setSaving(true);
    try {
      const b = (await api.post<BranchInfo>('Usuarios/trocarFilial', { filialId: choice })).data;
      toast('success', 'Filial alterada com sucesso.');
      onSwitched(b);
    } catch (err) {
      showError(err);
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open={open} title="Trocar de filial" okText="Confirmar" cancelText="Cancelar" onOk={ok} onCancel={onClose} confirmLoading={saving} destroyOnHidden>
      {branches === null ? (
        <Spin />
      ) : (
        <Radio.Group value={choice} onChange={(e) => setChoice(e.target.value)}>
          <Space direction="vertical">
            {branches.map((b) => (
              <Radio key={b.id} value={b.id}>
                {`${b.apelido || b.nome}${b.id === current?.id ? ' (atual)' : ''}`}
              </Radio>
            ))}
          </Space>
        </Radio.Group>
      )}
      {branches?.length === 1 ? <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>Você tem acesso a uma filial.</Typography.Paragraph> : null}
    </Modal>
  );
}
