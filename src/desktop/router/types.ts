/** Route metadata of the console (Saber's route `meta`). */
export interface RouteMeta {
  /** false: reachable without a token. */
  isAuth?: boolean;
  /** false: visiting the route adds no tab. */
  isTab?: boolean;
  /** i18n key of the label, for the console's own routes (server menus carry their names). */
  i18n?: string;
  /** Roles allowed to see a menu entry; empty or absent means everyone. */
  roles?: string[];
}

/** A tab of the tab bar (spec §3 "Tab"); `value` is the full path it reopens. */
export interface Tab {
  label: string;
  labelEn?: string;
  value: string;
  query?: Record<string, string>;
  meta?: RouteMeta;
  closable?: boolean;
  /** The i18n key of a title the page itself gave (a rejected request's handle page is its resubmit page). */
  title?: string;
}

/** What the guard knows about the route being entered. */
export interface RouteInfo {
  label?: string;
  labelEn?: string;
  meta: RouteMeta;
}
