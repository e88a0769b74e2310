import { readItem, writeItem } from './storage.ts';

/** The borrower's answer to the permission disclosure (GUIDE section 6), asked once and kept on the device. */
export type PermissionChoice = 'agreed' | 'rejected';

export function getPermissionChoice(): PermissionChoice | null {
  const value = readItem('permissionDisclosure');
  return value === 'agreed' || value === 'rejected' ? value : null;
}

export function savePermissionChoice(choice: PermissionChoice): void {
  writeItem('permissionDisclosure', choice);
}
