import { unstableSetRender } from 'antd-mobile/es/utils/unstable-render'; // not the index: see MobileApp
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5 renders Toast, Dialog and other imperative pop-ups with the legacy `ReactDOM.render`, which React 19
 * removed: without this shim they show nothing. Imported once, before anything shows a pop-up.
 */
type Container = (Element | DocumentFragment) & { __tenonRoot?: Root };

unstableSetRender((node, container: Container) => {
  container.__tenonRoot ??= createRoot(container);
  const root = container.__tenonRoot;
  root.render(node);
  return async () => {
    // Let the closing animation's last frame finish before the root goes.
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    delete container.__tenonRoot;
  };
});
