import { reduceMotion, unstableSetRender } from 'antd-mobile';
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

// A borrower whose phone asks for less motion gets the sheets and wheels without their springs, as the CSS
// does for the app's own sheets (app.css). The journeys' phones ask for it too (e2e/support/browser.ts):
// each picker then opens and closes at once instead of animating for about two seconds.
if (window.matchMedia?.('(prefers-reduced-motion: reduce)').matches) reduceMotion();
