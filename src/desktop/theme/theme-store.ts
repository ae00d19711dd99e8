import { useSyncExternalStore } from 'react';
import { site } from '../../client/config.ts';
import { getStore, setStore } from '../../client/storage.ts';
import { isThemeKey, type ThemeKey } from './themes.ts';

interface ThemeState {
  themeKey: ThemeKey;
  color: string;
}

const HEX = /^#[0-9a-f]{6}$/i;
const storedTheme = getStore<string>('themeName');
const storedColor = getStore<string>('colorName');

/** Theme and primary colour: preferences in local storage (Saber's `themeName` / `colorName`), kept across logins. */
let state: ThemeState = {
  themeKey: isThemeKey(storedTheme) ? storedTheme : 'default',
  color: storedColor && HEX.test(storedColor) ? storedColor : site.defaultColor,
};
const listeners = new Set<() => void>();

export const themeStore = {
  get: () => state,
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => {
      listeners.delete(listener);
    };
  },
  setTheme(themeKey: ThemeKey) {
    setStore('themeName', themeKey);
    state = { ...state, themeKey };
    for (const listener of listeners) listener();
  },
  setColor(color: string) {
    if (!HEX.test(color)) return;
    setStore('colorName', color);
    state = { ...state, color };
    for (const listener of listeners) listener();
  },
};

export const useThemeState = () => useSyncExternalStore(themeStore.subscribe, themeStore.get);
