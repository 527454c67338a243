import { Result } from 'antd';

export default function UnavailablePage() {
  return <Result status="500" title="Sistema indisponível" subTitle="Tente novamente em alguns instantes." />;
}
