import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { ERRORS } from '@hiram/contract/errors';
import { describe, expect, it } from 'vitest';

const doc = readFileSync(join(import.meta.dirname, '../../../docs/api.md'), 'utf8');

describe('docs/api.md', () => {
  it.each(Object.entries(ERRORS))('lists %s with its code, HTTP status and message', (key, entry) => {
    const row = new RegExp(
      `^\\|\\s*${entry.code}\\s*\\|\\s*${entry.status}\\s*\\|\\s*\`${key}\`\\s*\\|([^|]*)\\|`,
      'm',
    );
    const match = row.exec(doc);
    expect(match, `no row for ${key}`).not.toBeNull();
    expect(match?.[1]?.trim()).toBe(entry.message.en);
  });

  it('shows the cipher example the contract tests', () => {
    expect(doc).toContain('e648a211511b4c9e3b2b7e6a61ab380e');
  });
});
