import type { ReactNode } from 'react';
import { App } from 'antd';
import { useMessageNotifier } from './use-message-notifier.ts';

function AppNotifier() {
  useMessageNotifier(App.useApp().message);
  return null;
}

/**
 * antd's App around the console (every route but the login's): its message, modal and notification follow the
 * theme, and shared code's messages go to its message while it is shown. The login form needs a toast only, so this
 * (antd's dialogs and notifications) loads with the console, not before the form.
 */
export function ConsoleApp({ children }: { children: ReactNode }) {
  return (
    <App className="tenon-app">
      <AppNotifier />
      {children}
    </App>
  );
}
