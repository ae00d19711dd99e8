import { lazy, Suspense, useState, type ComponentType } from 'react';

/**
 * A dialog of the shell whose code (antd's Form, Select, Table with the tree and pagination they bring, 75 KiB
 * compressed in all) loads when it first opens instead of with the shell every login waits for. Once opened it stays
 * mounted, so closing and opening again animate as a dialog always mounted does.
 */
export function lazyDialog<P extends { open: boolean }>(
  load: () => Promise<{ default: ComponentType<P> }>,
): ComponentType<P> {
  const Dialog = lazy(load);
  return function LazyDialog(props: P) {
    const [opened, setOpened] = useState(props.open);
    if (props.open && !opened) setOpened(true);
    return opened ? (
      <Suspense fallback={null}>
        <Dialog {...props} />
      </Suspense>
    ) : null;
  };
}
