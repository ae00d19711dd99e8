/** Shape of the product's seeded menu tree (blade_menu rows, category 1 = menu, 2 = button). */
export interface SeedButton {
  code: string;
  zh: string;
  en: string;
  /** add | edit | delete | view | <other verb> */
  alias: string;
  path?: string;
  /** icon */
  source?: string;
  /** dict button_func: 0 none, 1 toolbar, 2 row, 3 both */
  action: 0 | 1 | 2 | 3;
  sort: number;
}

export interface SeedMenu {
  code: string;
  zh: string;
  en: string;
  path: string;
  /** icon class string */
  source?: string;
  sort: number;
  /** dict yes_no: 1 same window, 2 new window */
  isOpen?: 1 | 2;
  alias?: string;
  remark?: string;
  children?: SeedMenu[];
  buttons?: SeedButton[];
}
