import { Outlet, useLocation } from 'react-router';
import { TabFrame } from '../components/tab-frame.tsx';

/** Records and Me inside the tab bar; Home draws the same frame itself (app-shell.tsx). */
export function TabLayout() {
  return (
    <TabFrame current={useLocation().pathname}>
      <Outlet />
    </TabFrame>
  );
}
