import { StrictMode, Suspense, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { screenClassOf, site, type ScreenClass } from './config.ts';
import { installErrorCapture } from './error-log.ts';
import { initI18n } from './i18n.ts';
import { lazyPage } from './lazy.ts';
import { registerServiceWorker } from './pwa.ts';
import { queryClient } from './query.ts';
import { session } from './session.ts';
import { startAutoRefresh } from './auth.ts';
import { ErrorBoundary } from './ErrorBoundary.tsx';

// Each layout is its own chunk: a phone never downloads the antd console, a desktop never the phone layout.
const DesktopApp = lazyPage(() => import('../desktop/DesktopApp.tsx'));
const MobileApp = lazyPage(() => import('../mobile/MobileApp.tsx'));

/**
 * Whether the viewport is at least this wide, as the style sheets see it: media queries read the viewport the meta
 * tag sets, while `innerWidth` grows with a page wider than the screen, so a phone that just showed the desktop
 * console would have kept it.
 */
const reaches = (width: number) => window.matchMedia(`(min-width: ${width}px)`).matches;

function useScreenClass(): ScreenClass {
  const [screen, setScreen] = useState(() => screenClassOf(reaches));
  useEffect(() => {
    const onResize = () => setScreen(screenClassOf(reaches));
    window.addEventListener('resize', onResize);
    return () => window.removeEventListener('resize', onResize);
  }, []);
  return screen;
}

/** Rendered beside the layout, so the worker registers once the first screen (the login form) is drawn. */
function RegisterServiceWorker() {
  useEffect(registerServiceWorker, []);
  return null;
}

function Root() {
  const screen = useScreenClass();
  return (
    <ErrorBoundary>
      <Suspense fallback={<div className="boot-loading" />}>
        {screen === 0 ? <MobileApp /> : <DesktopApp screen={screen} />}
        <RegisterServiceWorker />
      </Suspense>
    </ErrorBoundary>
  );
}

installErrorCapture();
initI18n();
startAutoRefresh();
// Another tab logged in or out: follow it.
window.addEventListener('storage', (event) => {
  if (event.key?.startsWith(`${site.key}-`)) session.reload();
});

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <Root />
    </QueryClientProvider>
  </StrictMode>,
);
