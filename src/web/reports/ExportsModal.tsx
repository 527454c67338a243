import { ReloadOutlined } from '@ant-design/icons';
import { Button, Modal, Spin } from 'antd';
import useSWR from 'swr';
import { listReports, type Relatorio } from './export-flow.ts';
import { ReportsTable } from './ReportsTable.tsx';

export const EXPORTS_KEY = 'Relatorios/lista';
export const EXPORTS_MODAL_BODY_PX = 390;

export function useReports(enabled = true) {
  return useSWR<Relatorio[]>(enabled ? EXPORTS_KEY : null, () => listReports(), { revalidateOnFocus: false });
}

/** SPEC 2.10 'Relatórios exportados' modal: count, 'Atualizar', 'Carregando...', body at most 390 px. */
export function ExportsModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const list = useReports(open);
  const rows = list.data ?? [];
  const busy = list.isLoading || list.isValidating;
  return (
    <Modal
      open={open}
      width={820}
      title={`Relatórios exportados (${rows.length})`}
      onCancel={onClose}
      styles={{ body: { maxHeight: EXPORTS_MODAL_BODY_PX, overflowY: 'auto' } }}
      footer={[
        <Button key="r" icon={<ReloadOutlined />} onClick={() => list.mutate()} disabled={busy}>
          Atualizar
        </Button>,
        <Button key="f" type="primary" onClick={onClose}>
          Fechar
        </Button>,
      ]}
      destroyOnHidden
    >
      {busy ? (
        <div style={{ textAlign: 'center', padding: 12 }}>
          <Spin size="small" /> <span>Carregando...</span>
        </div>
      ) : null}
      <ReportsTable rows={rows} onChanged={() => list.mutate()} pagination={false} />
    </Modal>
  );
}
