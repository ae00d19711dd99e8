import type { ThemeConfig } from 'antd';
import antdTheme from 'antd/es/theme'; // not antd's index: this is on the login page's way (DesktopApp)
import { TOUCH_TARGET } from '../components/use-media-query.ts';

export const THEME_KEYS = [
  'default',
  'white',
  'dark',
  'hey',
  'star',
  'lavender',
  'blue',
  'iview',
  'cool',
  'd2',
  'beautiful',
] as const;
export type ThemeKey = (typeof THEME_KEYS)[number];

/** Colours one theme gives the shell; the primary colour comes from the colour picker. */
export interface ShellTheme {
  key: ThemeKey;
  /** Whole console on antd's dark algorithm. */
  dark: boolean;
  siderBg: string;
  /** The side menu uses antd's dark menu (light text) on this background. */
  siderDark: boolean;
  logoColor: string;
  headerBg: string;
  headerText: string;
  bodyBg: string;
  tabBarBg: string;
}

const light = {
  dark: false,
  headerBg: '#ffffff',
  headerText: 'rgba(0,0,0,0.85)',
  bodyBg: '#f0f2f5',
  tabBarBg: '#ffffff',
};

export const SHELL_THEMES: Readonly<Record<ThemeKey, ShellTheme>> = {
  default: { key: 'default', ...light, siderBg: '#20222a', siderDark: true, logoColor: '#ffffff' },
  white: { key: 'white', ...light, siderBg: '#ffffff', siderDark: false, logoColor: '#303133', bodyBg: '#f5f7fa' },
  dark: {
    key: 'dark',
    dark: true,
    siderBg: '#141414',
    siderDark: true,
    logoColor: '#ffffff',
    headerBg: '#1f1f1f',
    headerText: 'rgba(255,255,255,0.85)',
    bodyBg: '#000000',
    tabBarBg: '#141414',
  },
  hey: {
    key: 'hey',
    ...light,
    siderBg: 'linear-gradient(180deg, #5b6cf9 0%, #9b51e0 55%, #e0569b 100%)',
    siderDark: true,
    logoColor: '#ffffff',
    headerBg: 'linear-gradient(90deg, #5b6cf9 0%, #9b51e0 100%)',
    headerText: '#ffffff',
  },
  star: {
    key: 'star',
    ...light,
    siderBg: 'radial-gradient(ellipse at top, #1b2735 0%, #090a0f 100%)',
    siderDark: true,
    logoColor: '#ffd666',
    headerBg: '#0f1626',
    headerText: '#e6f4ff',
    bodyBg: '#eef1f6',
  },
  lavender: {
    key: 'lavender',
    ...light,
    siderBg: '#f1ebfb',
    siderDark: false,
    logoColor: '#5b3f9e',
    headerBg: '#faf7ff',
    headerText: '#4b2d86',
    bodyBg: '#f7f4fc',
    tabBarBg: '#fbf9ff',
  },
  blue: {
    key: 'blue',
    ...light,
    siderBg: '#0b3a82',
    siderDark: true,
    logoColor: '#ffffff',
    headerBg: '#0f4fb0',
    headerText: '#ffffff',
    bodyBg: '#eef3fb',
  },
  iview: { key: 'iview', ...light, siderBg: '#515a6e', siderDark: true, logoColor: '#ffffff', bodyBg: '#f5f7f9' },
  cool: {
    key: 'cool',
    ...light,
    siderBg: 'linear-gradient(180deg, #021526 0%, #03346e 100%)',
    siderDark: true,
    logoColor: '#6ee7f9',
    headerBg: 'linear-gradient(90deg, #021526 0%, #03346e 100%)',
    headerText: '#6ee7f9',
    bodyBg: '#e9f1f8',
  },
  d2: {
    key: 'd2',
    ...light,
    siderBg: '#ebf1f6',
    siderDark: false,
    logoColor: '#2f74ff',
    headerBg: '#ebf1f6',
    headerText: '#2f3542',
    bodyBg: '#ebf1f6',
    tabBarBg: '#f6f9fb',
  },
  beautiful: {
    key: 'beautiful',
    ...light,
    siderBg: 'linear-gradient(180deg, #ff758c 0%, #ff7eb3 100%)',
    siderDark: true,
    logoColor: '#ffffff',
    headerBg: '#fff5f8',
    headerText: '#c2185b',
    bodyBg: '#fdf2f6',
    tabBarBg: '#fff9fb',
  },
};

export const isThemeKey = (value: unknown): value is ThemeKey => (THEME_KEYS as readonly unknown[]).includes(value);

/**
 * A finger's controls (a tablet, pointer: coarse): every button, input, select and pagination item at least
 * TOUCH_TARGET high, the small ones too (a table's row buttons, its pagination), and the selection column wide enough
 * for a checkbox's enlarged hit area (touch-css.ts). A mouse keeps antd's sizes.
 */
const TOUCH_TOKENS = { controlHeight: TOUCH_TARGET, controlHeightSM: TOUCH_TARGET } as const;
const TOUCH_TABLE = { selectionColumnWidth: TOUCH_TARGET + 16 } as const;

/**
 * antd tokens for a theme and primary colour: menus and layout are transparent over the theme's backgrounds; on a
 * touch screen the controls take a fingertip.
 */
export function antdThemeOf(shell: ShellTheme, colorPrimary: string, touch = false, still = false): ThemeConfig {
  return {
    algorithm: shell.dark ? antdTheme.darkAlgorithm : antdTheme.defaultAlgorithm,
    token: {
      colorPrimary,
      colorInfo: colorPrimary,
      borderRadius: 4,
      ...(touch ? TOUCH_TOKENS : {}),
      ...(still ? { motion: false } : {}),
    },
    components: {
      ...(touch ? { Table: TOUCH_TABLE } : {}),
      Layout: {
        siderBg: 'transparent',
        headerBg: 'transparent',
        bodyBg: shell.bodyBg,
        headerPadding: '0 12px',
        headerHeight: 56,
      },
      Menu: {
        darkItemBg: 'transparent',
        darkSubMenuItemBg: 'rgba(0,0,0,0.18)',
        darkPopupBg: '#1f2430',
        itemBg: 'transparent',
        subMenuItemBg: 'transparent',
        darkItemSelectedBg: colorPrimary,
      },
    },
  };
}
