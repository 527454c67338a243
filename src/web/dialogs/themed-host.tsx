import { ConfigProvider } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import { antdTheme } from '../brand/antd-theme.ts';
import { Host } from './dialog-impl.tsx';

/** The dialogs' host with antd's provider of its own (the brand's primary colour, pt-BR), for a page drawn without antd. */
export default function ThemedHost({ primary }: { primary: string }) {
  return (
    <ConfigProvider locale={ptBR} theme={antdTheme(primary)}>
      <Host />
    </ConfigProvider>
  );
}
