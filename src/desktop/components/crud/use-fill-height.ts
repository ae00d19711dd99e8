import { useLayoutEffect, useRef, useState } from 'react';

/** Height of a table's header row plus the pager under it (middle size), left out of the scrolling body. */
const HEADER = 47;
const PAGER = 56;
const MIN_BODY = 160;

/**
 * Avue's calcHeight (spec §9): the table's body scrolls and ends `calcHeight` pixels above the window's bottom.
 * Returns the ref for the element the table starts at and the body height (undefined: the table grows instead).
 */
export function useFillHeight(calcHeight: number | undefined, paged: boolean, remeasure: unknown) {
  const ref = useRef<HTMLDivElement>(null);
  const [height, setHeight] = useState<number>();
  useLayoutEffect(() => {
    if (calcHeight === undefined) return undefined;
    const measure = () => {
      const top = ref.current?.getBoundingClientRect().top ?? 0;
      setHeight(Math.max(MIN_BODY, Math.round(window.innerHeight - top - calcHeight - HEADER - (paged ? PAGER : 0))));
    };
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [calcHeight, paged, remeasure]);
  return { ref, height };
}
