import { useEffect, useMemo } from 'react';
// antd by its components' own paths: its index would put every component's shared code on the login's way.
import ConfigProvider from 'antd/es/config-provider';
import message from 'antd/es/message';
import enUS from 'antd/es/locale/en_US';
import zhCN from 'antd/es/locale/zh_CN';
import { useTranslation } from 'react-i18next';
import { BrowserRouter, useNavigate } from 'react-router-dom';
import type { ScreenClass } from '../client/config.ts';
import { setNavigator } from '../client/navigation.ts';
import { REDUCED_MOTION, TOUCH_POINTER, useMediaQuery } from './components/use-media-query.ts';
import { useMessageNotifier } from './components/use-message-notifier.ts';
import { DesktopRoutes } from './router/DesktopRoutes.tsx';
import { desktopCss } from './styles.ts';
import { touchCss } from './touch-css.ts';
import { antdThemeOf, SHELL_THEMES } from './theme/themes.ts';
import { useThemeState } from './theme/theme-store.ts';

/** Messages before the console is shown (the login's failures); the console's antd App takes over inside it. */
function RootNotifier() {
  const [api, holder] = message.useMessage();
  useMessageNotifier(api);
  return holder;
}

function InstallNavigator() {
  const navigate = useNavigate();
  useEffect(() => {
    setNavigator((path) => void navigate(path));
  }, [navigate]);
  return null;
}

/** The desktop console (width >= 768): antd, themes, language, router. */
export default function DesktopApp({ screen }: { screen: ScreenClass }) {
  const { i18n } = useTranslation();
  const { themeKey, color } = useThemeState();
  const touch = useMediaQuery(TOUCH_POINTER);
  const still = useMediaQuery(REDUCED_MOTION);
  const theme = useMemo(
    () => antdThemeOf(SHELL_THEMES[themeKey], color, touch, still),
    [themeKey, color, touch, still],
  );
  return (
    <ConfigProvider locale={i18n.language === 'en' ? enUS : zhCN} button={{ autoInsertSpace: false }} theme={theme}>
      <style>{desktopCss}</style>
      <style>{touchCss}</style>
      <RootNotifier />
      <BrowserRouter>
        <InstallNavigator />
        <DesktopRoutes screen={screen} />
      </BrowserRouter>
    </ConfigProvider>
  );
}
