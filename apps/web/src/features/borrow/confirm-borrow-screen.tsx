import { SigningScreen } from './signing-screen.tsx';

/** confirm_borrow (SPEC section 2, GUIDE section 5): the Disclosure Statement, then the tick and Sign. */
export function ConfirmBorrowScreen() {
  return <SigningScreen variant="statement" />;
}
