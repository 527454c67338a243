import { ReloadOutlined } from '@ant-design/icons';
import { Button, Space } from 'antd';
import { useSocketEvents } from '../api/realtime.ts';
import { useReports } from './ExportsModal.tsx';
import { ReportsTable } from './ReportsTable.tsx';
import { PageTitle } from '../ui/PageTitle.tsx';

const REPORT_EVENT = /-(pdf|xlsx)$/;

/** pages/relatorios/exportacoes: the user's exported reports (SPEC 2.10). */
export default function ExportsPage() {
  const list = useReports();
  // A job finishing while the page is open shows at once: any '{event}-{pdf|xlsx}' reloads the list.
  useSocketEvents(REPORT_EVENT, () => void list.mutate());
  return (
    <div>
      <Space style={{ width: '100%', justifyContent: 'space-between' }}>
        <PageTitle>Relatórios exportados</PageTitle>
        <Button icon={<ReloadOutlined />} onClick={() => list.mutate()} loading={list.isValidating}>
          Atualizar
        </Button>
      </Space>
      <ReportsTable rows={list.data ?? []} loading={list.isLoading} onChanged={() => list.mutate()} />
    </div>
  );
}
