import { FileExcelOutlined, FilePdfOutlined, HistoryOutlined } from '@ant-design/icons';
import { Button, Space, Tooltip } from 'antd';
import { useState } from 'react';
import type { Filter } from '../../shared/filter.ts';
import { choiceDialog } from '../dialogs/dialogs.tsx';
import { exportModuleReport, exportReport, REPORT_TEXTS, type ReportFormat } from './export-flow.ts';
import { ExportsModal } from './ExportsModal.tsx';

/** 'Abrir relatório' opens the finished file, 'Nova exportação' exports anew; Esc (or closing) does neither. */
const askOpenExisting = async () => {
  const choice = await choiceDialog({
    title: 'Relatório',
    content: REPORT_TEXTS.existente,
    choices: [
      { value: 'nova', label: REPORT_TEXTS.nova },
      { value: 'abrir', label: REPORT_TEXTS.abrir, primary: true },
    ],
  });
  return choice === null ? null : choice === 'abrir';
};

/** 'Exportar Excel' and 'Exportar PDF' of a grid's current filter and order, and the exports modal. */
export function ExportButtons({ endpoint, name, descricao, filter }: { endpoint: string; name: string; descricao?: string; filter: Pick<Filter, 'where' | 'order'> }) {
  const [busy, setBusy] = useState<ReportFormat | null>(null);
  const [modal, setModal] = useState(false);
  const run = (tipo: ReportFormat) => {
    setBusy(tipo);
    // The button frees up once the job is queued (or a question is shown); the toasts follow the rest.
    void exportReport({ endpoint, name, descricao, filter, tipo, askOpenExisting, onSettled: () => setBusy(null) }).finally(() => setBusy(null));
  };
  return (
    <Space size={4} className="export-buttons">
      <Button icon={<FileExcelOutlined />} loading={busy === 'xlsx'} onClick={() => run('xlsx')}>
        Exportar Excel
      </Button>
      <Button icon={<FilePdfOutlined />} loading={busy === 'pdf'} onClick={() => run('pdf')}>
        Exportar PDF
      </Button>
      <Tooltip title="Relatórios exportados">
        <Button aria-label="Relatórios exportados" icon={<HistoryOutlined />} onClick={() => setModal(true)} />
      </Tooltip>
      <ExportsModal open={modal} onClose={() => setModal(false)} />
    </Space>
  );
}

/** 'Exportar Excel' and 'Exportar PDF' of a module's own report: `body` ({ params } the screen shows) POSTed to `address`. */
export function ModuleExportButtons({ address, name, body, disabled }: { address: string; name: string; body: (tipo: ReportFormat) => unknown; disabled?: boolean }) {
  return (
    <Space size={4}>
      <Button icon={<FileExcelOutlined />} disabled={disabled} onClick={() => void exportModuleReport(address, body('xlsx'), name, 'xlsx')}>
        Exportar Excel
      </Button>
      <Button icon={<FilePdfOutlined />} disabled={disabled} onClick={() => void exportModuleReport(address, body('pdf'), name, 'pdf')}>
        Exportar PDF
      </Button>
    </Space>
  );
}
