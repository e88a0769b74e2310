import { unstableSetRender } from 'antd-mobile';
import { createRoot, type Root } from 'react-dom/client';

/**
 * antd-mobile 5's imperative Toast and Dialog render nothing on React 19 until told how to mount
 * (ant-design-mobile PR 6860). Import this module once from any lazy screen that uses antd-mobile; it is kept
 * out of the first screen's bundle on purpose (docs/decisions/0003-shell-without-ui-kit.md).
 */
type Container = (Element | DocumentFragment) & { hiramRoot?: Root };

unstableSetRender((node, container: Container) => {
  container.hiramRoot ??= createRoot(container);
  const root = container.hiramRoot;
  root.render(node);
  return async () => {
    await new Promise((resolve) => setTimeout(resolve, 0));
    root.unmount();
    container.hiramRoot = undefined;
  };
});
