import type { ReactNode } from 'react';
import { StyleProvider, type CSSObject, type Transformer } from '@ant-design/cssinjs';

/**
 * The properties of antd's styles a component test can observe: happy-dom lays nothing out and paints nothing, and
 * what it reads of the computed style is whether an element shows (Testing Library's role queries and `toBeVisible`:
 * display, visibility, opacity). `pointer-events` is kept for what refuses a pointer.
 */
const OBSERVED = new Set(['display', 'visibility', 'opacity', 'pointerEvents']);

/**
 * Keeps only the observed declarations of each antd rule (nested selectors and media queries stay, their
 * declarations filtered in turn). happy-dom matches every rule of the page against an element for each computed
 * style it is asked for, and a role query asks for every element it names: with antd's whole styles that was about
 * 40 % of the component tests' CPU.
 */
const shownOrHiddenOnly: Transformer = {
  visit: (style: CSSObject) =>
    Object.fromEntries(
      Object.entries(style).filter(
        ([key, value]) => (typeof value === 'object' && value !== null) || OBSERVED.has(key),
      ),
    ) as CSSObject,
};

/** antd's styles as the tests see them (above). */
export function ObservedStyles({ children }: { children: ReactNode }) {
  return <StyleProvider transformers={[shownOrHiddenOnly]}>{children}</StyleProvider>;
}
