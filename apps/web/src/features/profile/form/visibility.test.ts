import { describe, expect, it } from 'vitest';
import {
  canChooseCity,
  canPickContacts,
  cleanTypedPhone,
  showsAfterBirthdayFields,
  workLayout,
} from './visibility.ts';

describe('what the sections show', () => {
  it('the lower personal fields only once a birthday is chosen', () => {
    expect(showsAfterBirthdayFields({})).toBe(false);
    expect(showsAfterBirthdayFields({ inputBirthday: '' })).toBe(false);
    expect(showsAfterBirthdayFields({ inputBirthday: '05-09-1990' })).toBe(true);
  });

  it('a city picker only once a province is chosen', () => {
    expect(canChooseCity({ city: '' })).toBe(false);
    expect(canChooseCity({ state: '1380600000' })).toBe(true);
  });

  it('no industry, experience, pay frequency or paydays for the unemployed', () => {
    expect(workLayout({ employmentType: 'unemployed', payFrequency: 'monthly' })).toEqual({
      industryCategory: false,
      jobExperience: false,
      payFrequency: false,
      paydays: null,
    });
  });

  it('only the industry for the self-employed', () => {
    expect(workLayout({ employmentType: 'selfEmployed', payFrequency: 'weekly' })).toEqual({
      industryCategory: true,
      jobExperience: false,
      payFrequency: false,
      paydays: null,
    });
  });

  it('payday pickers follow the pay frequency', () => {
    const employed = { employmentType: 'employed' };
    expect(workLayout({ ...employed, payFrequency: 'monthly' }).paydays).toEqual({
      count: 1,
      kind: 'dayOfMonth',
    });
    expect(workLayout({ ...employed, payFrequency: 'biweekly' }).paydays).toEqual({
      count: 2,
      kind: 'dayOfMonth',
    });
    expect(workLayout({ ...employed, payFrequency: 'weekly' }).paydays).toEqual({
      count: 1,
      kind: 'weekday',
    });
    expect(workLayout({ ...employed, payFrequency: 'fourteen' }).paydays).toEqual({
      count: 2,
      kind: 'weekday',
    });
    expect(workLayout(employed).paydays).toBeNull();
  });

  it('the contact picker only in the app', () => {
    expect(canPickContacts('app')).toBe(true);
    expect(canPickContacts('web')).toBe(false);
    expect(canPickContacts('embedded')).toBe(false);
  });

  it('typed phones keep digits and one leading +', () => {
    expect(cleanTypedPhone('+63 (917) 123-4567')).toBe('+639171234567');
    expect(cleanTypedPhone('0917+123')).toBe('0917123');
  });
});
