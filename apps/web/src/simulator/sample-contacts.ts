import type { ChosenContact } from '../lib/bridge/protocol.ts';

/** A phone book as borrowers really keep it: every way Filipinos write a number, and one landline. */
export const SAMPLE_CONTACTS: readonly ChosenContact[] = [
  { name: 'Maria Santos', phone: '+63 917 123 4567' },
  { name: 'Jose Reyes', phone: '0918-765-4321' },
  { name: 'Ana Cruz', phone: '09191234567' },
  { name: 'Santiago Dela Peña', phone: '(0920) 555 0101' },
  { name: 'Liza Mendoza', phone: '639275550123' },
  { name: 'Tita Baby (landline)', phone: '(02) 8123 4567' },
];
