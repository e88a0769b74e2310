import { describe, expect, it } from 'vitest';
import { OcrFields } from './api/application.ts';
import { OCR_FIELD_MAX_LENGTHS } from './identity-rules.ts';

describe('identity limits', () => {
  it('are the limits the read-details schema enforces', () => {
    const valid = {
      idNumber: '1234',
      fullName: 'JUAN DELA CRUZ',
      birthday: '05-09-1990',
      address: 'Cebu City',
    };
    for (const [field, max] of Object.entries(OCR_FIELD_MAX_LENGTHS)) {
      expect(OcrFields.safeParse({ ...valid, [field]: 'x'.repeat(max) }).success).toBe(true);
      expect(OcrFields.safeParse({ ...valid, [field]: 'x'.repeat(max + 1) }).success).toBe(false);
    }
  });
});
