/** Site configuration (Saber's `website` settings the spec fixes in §9). */
export const site = {
  /** Prefix of every storage key and cookie. */
  key: 'saber',
  title: 'Tenon ERP 系统',
  clientId: 'saber',
  clientSecret: 'saber_secret',
  tenantMode: true,
  captchaMode: false,
  switchMode: false,
  defaultTenantId: '000000',
  lockPage: '/lock',
  /** Seconds after which the stored token is refreshed (checked every 10 s). */
  tokenTime: 3000,
  refreshCheckMs: 10_000,
  /** Body codes the caller handles itself: the interceptor rejects them without a toast. */
  statusWhiteList: [] as number[],
  firstPage: { label: '首页', value: '/wel/index', closable: false },
  defaultColor: '#409EFF',
  /** Request timeout: 10 s by default, then 3,600,000 ms per request (spec §9). */
  defaultTimeoutMs: 10_000,
  requestTimeoutMs: 3_600_000,
  chunkTimeoutMs: 120_000,
  messageBadgeMax: 99,
} as const;

/** Screen classes of spec §2: 0 below 768 px, 1 from 768, 2 from 992, 3 from 1200. */
export const BREAKPOINTS = [768, 992, 1200] as const;
export type ScreenClass = 0 | 1 | 2 | 3;
/** The class of a viewport, told by `reaches(px)`: whether it is at least px wide. */
export function screenClassOf(reaches: (width: number) => boolean): ScreenClass {
  return BREAKPOINTS.filter(reaches).length as ScreenClass;
}
