import { useEffect, useMemo } from 'react';
import { App as AntApp, ConfigProvider } from 'antd';
import enUS from 'antd/locale/en_US';
import zhCN from 'antd/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import type { ScreenClass } from '../client/config.ts';
import { setNavigator } from '../client/navigation.ts';
import { setNotifier } from '../client/notify.ts';
import { DesktopRoutes } from './router/DesktopRoutes.tsx';
import { desktopCss } from './styles.ts';
import { antdThemeOf, SHELL_THEMES } from './theme/themes.ts';
import { useThemeState } from './theme/theme-store.ts';

/** Shared code (axios interceptor, session) reports through antd's context-aware `message`. */
function InstallNotifier() {
  const { message } = AntApp.useApp();
  useEffect(() => {
    setNotifier({ error: (text) => void message.error(text), success: (text) => void message.success(text) });
  }, [message]);
  return null;
}

function InstallNavigator() {
  const navigate = useNavigate();
  useEffect(() => { setNavigator((path) => void navigate(path)); }, [navigate]);
  return null;
}

/** The desktop console (width >= 768): antd, themes, language, router. */
export default function DesktopApp({ screen }: { screen: ScreenClass }) {
  const { i18n } = useTranslation();
  const { themeKey, color } = useThemeState();
  const theme = useMemo(() => antdThemeOf(SHELL_THEMES[themeKey], color), [themeKey, color]);
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN} button={{ autoInsertSpace: false }} theme={theme}>
      <AntApp className="tenon-app">
        <style>{desktopCss}</style>
        <InstallNotifier />
        <BrowserRouter>
          <InstallNavigator />
          <DesktopRoutes screen={screen} />
        </BrowserRouter>
      </AntApp>
    </ConfigProvider>
  );
}
