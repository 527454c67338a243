import { Typography } from 'antd';
import { getUser } from '../app/session.ts';

/** Placeholder until the dashboard issue. */
export default function DashboardPage() {
  return (
    <div>
      <Typography.Title level={3}>Dashboard</Typography.Title>
      <Typography.Paragraph>Olá, {getUser()?.nome}.</Typography.Paragraph>
    </div>
  );
}
