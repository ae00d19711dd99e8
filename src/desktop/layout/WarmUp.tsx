import { lazy, startTransition, Suspense, useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { whenIdle } from '../../client/idle.ts';

const CrudWarmUp = lazy(() => import('../components/crud/CrudWarmUp.tsx'));

/**
 * Once the shell is idle, loads the CRUD chunk and keeps its blocks drawn in an element that is never attached to the
 * page (see CrudWarmUp), as an interruptible transition: a click or key press during it goes first. They stay
 * mounted because antd drops a component's generated styles from its cache when the last user unmounts. Nobody can
 * see, reach or query them; component tests skip it (it would only add work to each).
 */
export function WarmUp() {
  const [container, setContainer] = useState<HTMLElement>();
  useEffect(() => {
    if (import.meta.env.MODE === 'test') return;
    return whenIdle(() => startTransition(() => setContainer(document.createElement('div'))));
  }, []);
  return container
    ? createPortal(
        <Suspense fallback={null}>
          <CrudWarmUp />
        </Suspense>,
        container,
      )
    : null;
}
