import { describe, expect, it } from 'vitest';
import { matchesSearch } from './search-sheet.tsx';

describe('matchesSearch', () => {
  it('finds every word anywhere, in any case', () => {
    expect(matchesSearch('BPI (Bank of the Philippine Islands) BPI', 'philippine')).toBe(true);
    expect(matchesSearch('BDO Unibank BDO', 'bdo')).toBe(true);
    expect(matchesSearch('Quezon City', 'city quezon')).toBe(true);
    expect(matchesSearch('Quezon City', 'quezon province')).toBe(false);
    expect(matchesSearch('GCash', '')).toBe(true);
  });

  it('ignores accents both ways, as a borrower types without them', () => {
    expect(matchesSearch('City of Las Piñas', 'las pinas')).toBe(true);
    expect(matchesSearch('City of Paranaque', 'parañaque')).toBe(true);
    expect(matchesSearch('Biñan', 'binan')).toBe(true);
  });
});
