import { ConfigProvider } from 'antd';
import ptBR from 'antd/locale/pt_BR';
import { antdTheme } from '../brand/antd-theme.ts';
import { themeColor, useBrand } from '../brand/brand.ts';
import SignUpPage from './SignUpPage.tsx';

/**
 * The sign-up screen (SPEC 2.4) is drawn with antd (regime select, terms checkbox, alerts): its chunk brings
 * antd with the brand's theme and locale, which the small auth app around it (app/AuthApp.tsx) does without.
 * Inside the whole app the same settings simply repeat the app's own.
 */
export default function SignUpRoute() {
  const { data: brand } = useBrand();
  return (
    <ConfigProvider locale={ptBR} theme={antdTheme(themeColor(brand))}>
      <SignUpPage />
    </ConfigProvider>
  );
}
