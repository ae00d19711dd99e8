/**
 * How shared code (the axios interceptor, the session) tells the user something: each layout installs its own
 * (antd `message` on desktop, antd-mobile `Toast` on phones), so shared code never imports a UI kit.
 */
export interface Notifier {
  error(text: string): void;
  success(text: string): void;
}

let current: Notifier = {
  error: (text) => console.error(text),
  success: (text) => console.info(text),
};

/** Installs a notifier; returns the one it replaces (a nested layer puts it back when it goes). */
export function setNotifier(notifier: Notifier): Notifier {
  const previous = current;
  current = notifier;
  return previous;
}
export const notify: Notifier = {
  error: (text) => current.error(text),
  success: (text) => current.success(text),
};
