import { BellOutlined, CheckCircleOutlined, DeleteOutlined, InfoCircleOutlined, WarningOutlined } from '@ant-design/icons';
import { Badge, Button, Dropdown, Empty, List, Typography } from 'antd';
import dayjs from 'dayjs';
import { useNavigate } from 'react-router-dom';
import { EMPTY_ALERTS_TEXT, useAlerts } from './alerts.ts';
import type { Alerta } from './user-info.ts';

const TIPO_ICONS: Record<string, React.ReactNode> = {
  info: <InfoCircleOutlined style={{ color: '#1677ff' }} aria-label="Informação" />,
  success: <CheckCircleOutlined style={{ color: '#52c41a' }} aria-label="Sucesso" />,
  warning: <WarningOutlined style={{ color: '#faad14' }} aria-label="Aviso" />,
};

export const alertDate = (a: Alerta) => (a.data ? dayjs(a.data).format('DD/MM/YYYY') : '');

/** The notifications dropdown of the header (SPEC 2.5, 3, 4). */
export function Notifications({ initial }: { initial?: Alerta[] }) {
  const { alerts, remove } = useAlerts(initial);
  const navigate = useNavigate();
  const unread = alerts.filter((a) => !a.lido).length;
  const panel = (
    <div className="shell-notificacoes" style={{ width: 360, maxHeight: 420, overflowY: 'auto', background: '#fff', borderRadius: 8, boxShadow: '0 6px 16px rgba(0,0,0,.12)', padding: 8 }} aria-label="Notificações">
      {alerts.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={EMPTY_ALERTS_TEXT} />
      ) : (
        <List
          size="small"
          dataSource={alerts}
          renderItem={(a) => (
            <List.Item
              key={a.id}
              data-alerta={a.id}
              actions={
                a.permiteExcluir && a.id !== undefined
                  ? [<Button key="x" size="small" type="text" danger aria-label="Excluir notificação" icon={<DeleteOutlined />} onClick={() => remove(a.id!)} />]
                  : []
              }
            >
              <List.Item.Meta
                avatar={TIPO_ICONS[a.tipo] ?? TIPO_ICONS.info}
                title={
                  a.link ? (
                    <Typography.Link onClick={() => (/^https?:/.test(a.link!) ? window.open(a.link!, '_blank', 'noopener') : navigate(`/${a.link!.replace(/^#?\/?/, '')}`))}>{a.texto}</Typography.Link>
                  ) : (
                    <Typography.Text>{a.texto}</Typography.Text>
                  )
                }
                description={alertDate(a)}
              />
            </List.Item>
          )}
        />
      )}
    </div>
  );
  return (
    <Dropdown trigger={['click']} popupRender={() => panel} placement="bottomRight">
      <Button type="text" aria-label="Notificações" icon={<Badge count={unread} size="small"><BellOutlined style={{ fontSize: 18 }} /></Badge>} />
    </Dropdown>
  );
}
