/**
 * The chosen theme and accent for everything under it: antd tokens through a
 * nested ConfigProvider (with its own App, so confirmations and toasts carry
 * the accent too) and the shell's CSS variables.
 */
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { observer } from 'mobx-react-lite';
import { useMemo, type CSSProperties, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { settingsStore } from '../stores/settingsStore';
import { resolveTheme } from './themes';

export const ShellTheme = observer(function ShellTheme({ children, className }: { children: ReactNode; className?: string }) {
  const { i18n } = useTranslation();
  const { themeName, accentColor } = settingsStore;
  const theme = useMemo(() => resolveTheme(themeName, accentColor), [themeName, accentColor]);
  return (
    // The locale is set here again from antd's ES build: through the CommonJS entry (antd/locale/…) the bundle loses
    // rc-pagination's texts and paginators fall back to English.
    <ConfigProvider theme={theme.antd} locale={i18n.language === 'en' ? enUS : zhCN}>
      <AntApp component={false}>
        <div className={`shell-theme shell-theme-${theme.name} ${className ?? ''}`} style={theme.cssVars as CSSProperties} data-theme={theme.name}>
          {children}
        </div>
      </AntApp>
    </ConfigProvider>
  );
});

export function useResolvedTheme() {
  return resolveTheme(settingsStore.themeName, settingsStore.accentColor);
}
