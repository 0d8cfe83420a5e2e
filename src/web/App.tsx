/**
 * Providers: antd locale and theme follow the chosen language; the router renders the pages.
 * antd's App (the message, notification and modal hooks) wraps the signed-in shell (ShellTheme) and the dialogs
 * that need it, not the root, so the sign-in page does not carry it.
 */
import { ConfigProvider } from 'antd';
// The ES build of the locales: the CommonJS ones arrive wrapped under Vite and antd falls back to English.
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { RouterProvider } from 'react-router-dom';
import { website } from './config/website';
import { router } from './router/router';
import './app.css';

export function App() {
  const { i18n } = useTranslation();
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN} theme={{ token: { colorPrimary: website.accentColor, borderRadius: 6 } }}>
      <div className="console-root">
        <RouterProvider router={router} />
      </div>
    </ConfigProvider>
  );
}
