import { Outlet, ScrollRestoration } from 'react-router';

/**
 * Around every routed screen. The toast, the loading overlay, the progress bar and the permission
 * disclosure sit above the router (app-shell.tsx), since Home is drawn before the router has loaded.
 */
export function RootLayout() {
  return (
    <>
      <Outlet />
      <ScrollRestoration />
    </>
  );
}
