import { site } from './config.ts';

/**
 * Saber's store: values kept as `{dataType, content, datetime}` under `<site key>-<name>`, in session storage when
 * `session` is set, else in local storage (spec §3 "Log record ... Locally stored browser data").
 */
interface Stored {
  dataType: string;
  content: unknown;
  datetime: number;
}

const keyOf = (name: string) => `${site.key}-${name}`;

export function setStore(name: string, content: unknown, session = false) {
  const value: Stored = { dataType: typeof content, content, datetime: Date.now() };
  (session ? sessionStorage : localStorage).setItem(keyOf(name), JSON.stringify(value));
  if (session) localStorage.removeItem(keyOf(name));
}

export function getStore<T>(name: string): T | undefined {
  const text = sessionStorage.getItem(keyOf(name)) ?? localStorage.getItem(keyOf(name));
  if (!text) return undefined;
  try {
    return (JSON.parse(text) as Stored).content as T;
  } catch {
    return undefined;
  }
}

export function getStoreTime(name: string): number | undefined {
  const text = sessionStorage.getItem(keyOf(name)) ?? localStorage.getItem(keyOf(name));
  if (!text) return undefined;
  try {
    return (JSON.parse(text) as Stored).datetime;
  } catch {
    return undefined;
  }
}

export function removeStore(name: string) {
  sessionStorage.removeItem(keyOf(name));
  localStorage.removeItem(keyOf(name));
}

/** Cookies `saber-access-token` / `saber-refresh-token` (spec §9). */
export function setCookie(name: string, value: string) {
  document.cookie = `${keyOf(name)}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
}
export function getCookie(name: string): string | undefined {
  const prefix = `${keyOf(name)}=`;
  const part = document.cookie.split('; ').find((c) => c.startsWith(prefix));
  return part === undefined ? undefined : decodeURIComponent(part.slice(prefix.length));
}
export function removeCookie(name: string) {
  document.cookie = `${keyOf(name)}=; path=/; expires=Thu, 01 Jan 1970 00:00:00 GMT`;
}
