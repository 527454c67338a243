import { Tag } from 'antd';
import { STATUS } from './export-flow.ts';

/** SPEC 4: 'Processando' primary, 'Finalizado' success, 'Erro' danger. */
export const STATUS_VIEW: Record<number, { text: string; color: string }> = {
  [STATUS.PROCESSANDO]: { text: 'Processando', color: 'processing' },
  [STATUS.FINALIZADO]: { text: 'Finalizado', color: 'success' },
  [STATUS.ERRO]: { text: 'Erro', color: 'error' },
};

export function ReportStatusTag({ status }: { status: number }) {
  const v = STATUS_VIEW[status] ?? STATUS_VIEW[STATUS.PROCESSANDO];
  return <Tag color={v.color} data-status={status}>{v.text}</Tag>;
}
