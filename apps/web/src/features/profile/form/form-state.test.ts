import { describe, expect, it } from 'vitest';
import {
  applyFieldChange,
  checkContactOnLeave,
  createFormState,
  fieldMessage,
  flagFields,
  isFieldRed,
  loadValues,
  replaceFlagged,
  setFieldError,
  visibleEmailSuggestions,
} from './form-state.ts';

const MANILA = '1380600000';
const CEBU = '0702200000';

describe('changing a field', () => {
  it('reports the field itself', () => {
    const result = applyFieldChange(createFormState(), 'firstName', 'Juan');
    expect(result.state.values.firstName).toBe('Juan');
    expect(result.changes).toEqual([{ id: 'firstName', value: 'Juan' }]);
  });

  it('a new state clears the city and reports the city empty', () => {
    const state = createFormState({ state: MANILA, city: '1380601000' });
    const result = applyFieldChange(state, 'state', CEBU);
    expect(result.state.values).toMatchObject({ state: CEBU, city: '' });
    expect(result.changes).toEqual([
      { id: 'state', value: CEBU },
      { id: 'city', value: '' },
    ]);
  });

  it('the first state chosen still reports an empty city', () => {
    const result = applyFieldChange(createFormState(), 'state', CEBU);
    expect(result.changes).toContainEqual({ id: 'city', value: '' });
  });

  it('choosing the same state again keeps the city', () => {
    const state = createFormState({ state: MANILA, city: '1380601000' });
    const result = applyFieldChange(state, 'state', MANILA);
    expect(result.state.values.city).toBe('1380601000');
    expect(result.changes).toEqual([{ id: 'state', value: MANILA }]);
  });

  it('a new employment type clears the industry', () => {
    const state = createFormState({ employmentType: 'employed', industryCategory: 'bpo' });
    const result = applyFieldChange(state, 'employmentType', 'selfEmployed');
    expect(result.state.values.industryCategory).toBe('');
    expect(result.changes).toContainEqual({ id: 'industryCategory', value: '' });
  });

  it('a new pay frequency clears both paydays', () => {
    const state = createFormState({ payFrequency: 'biweekly', monthlyPayday: 15, monthlyPaydayTwo: 30 });
    const result = applyFieldChange(state, 'payFrequency', 'weekly');
    expect(result.state.values).toMatchObject({ monthlyPayday: '', monthlyPaydayTwo: '' });
    expect(result.changes).toEqual([
      { id: 'payFrequency', value: 'weekly' },
      { id: 'monthlyPayday', value: '' },
      { id: 'monthlyPaydayTwo', value: '' },
    ]);
  });

  it("clears the field's own problem, and those of the fields it cleared", () => {
    let state = createFormState({ state: MANILA, city: '1' });
    state = setFieldError(state, 'city', 'bad city');
    state = setFieldError(state, 'state', 'bad state');
    const result = applyFieldChange(state, 'state', CEBU);
    expect(result.state.errors).toEqual({});
  });
});

describe('emergency contacts', () => {
  const first = { emergencyContactRelation1: 'parent', emergencyContactMobile1: '09171234567' };

  it('refuse a second relationship equal to the first: the choice is not kept', () => {
    const state = createFormState(first);
    const result = applyFieldChange(state, 'emergencyContactRelation2', 'parent', { refuseConflict: true });
    expect(result.conflict).toBe('sameRelationship');
    expect(result.state).toBe(state);
    expect(result.changes).toEqual([]);
  });

  it('refuse a picked phone equal to the other contact, however it is written', () => {
    const state = createFormState(first);
    const result = applyFieldChange(state, 'emergencyContactMobile2', '+639171234567', {
      refuseConflict: true,
    });
    expect(result.conflict).toBe('samePhone');
    expect(result.state.values.emergencyContactMobile2).toBeUndefined();
  });

  it('accept different contacts', () => {
    const result = applyFieldChange(createFormState(first), 'emergencyContactRelation2', 'friend', {
      refuseConflict: true,
    });
    expect(result.conflict).toBeNull();
    expect(result.state.values.emergencyContactRelation2).toBe('friend');
  });

  it('clear a typed phone that repeats the other contact when it is left', () => {
    let state = createFormState(first);
    state = applyFieldChange(state, 'emergencyContactMobile2', '0917 123 4567').state;
    const result = checkContactOnLeave(state, 'emergencyContactMobile2');
    expect(result.conflict).toBe('samePhone');
    expect(result.state.values.emergencyContactMobile2).toBe('');
    expect(result.changes).toEqual([{ id: 'emergencyContactMobile2', value: '' }]);
  });

  it('leave a different typed phone alone', () => {
    let state = createFormState(first);
    state = applyFieldChange(state, 'emergencyContactMobile2', '09181234567').state;
    expect(checkContactOnLeave(state, 'emergencyContactMobile2').conflict).toBeNull();
  });
});

describe('red fields', () => {
  it('an empty field is not red until it is flagged', () => {
    const state = createFormState();
    expect(isFieldRed(state, 'firstName')).toBe(false);
    expect(isFieldRed(flagFields(state, ['firstName']), 'firstName')).toBe(true);
  });

  it('a flagged field stops being red once filled, and turns red again when emptied', () => {
    let state = flagFields(createFormState(), ['address']);
    state = applyFieldChange(state, 'address', '12 Rizal St').state;
    expect(isFieldRed(state, 'address')).toBe(false);
    state = applyFieldChange(state, 'address', '').state;
    expect(isFieldRed(state, 'address')).toBe(true);
    expect(fieldMessage(state, 'address', 'required')).toBe('required');
  });

  it("the parent's list replaces the flagged fields", () => {
    let state = flagFields(createFormState(), ['firstName', 'lastName']);
    state = replaceFlagged(state, ['city']);
    expect(isFieldRed(state, 'firstName')).toBe(false);
    expect(isFieldRed(state, 'city')).toBe(true);
  });

  it('a field with a problem is red, with the problem as its message', () => {
    const state = setFieldError(createFormState({ nationalId: '12' }), 'nationalId', 'too short');
    expect(isFieldRed(state, 'nationalId')).toBe(true);
    expect(fieldMessage(state, 'nationalId', 'required')).toBe('too short');
  });
});

describe('e-mail', () => {
  it('keeps its red mark while still wrong, and loses it when emptied', () => {
    let state = setFieldError(createFormState({ email: 'juan@' }), 'email', 'format');
    state = applyFieldChange(state, 'email', 'juan@gm').state;
    expect(isFieldRed(state, 'email')).toBe(true);
    state = applyFieldChange(state, 'email', '').state;
    expect(isFieldRed(state, 'email')).toBe(false);
  });

  it('loses its red mark once valid', () => {
    let state = setFieldError(createFormState({ email: 'juan@' }), 'email', 'format');
    state = applyFieldChange(state, 'email', 'juan@gmail.com').state;
    expect(isFieldRed(state, 'email')).toBe(false);
  });

  it('suggests domains while focused and before an @ is typed', () => {
    expect(visibleEmailSuggestions('juan', true)).toContain('juan@gmail.com');
    expect(visibleEmailSuggestions('juan', true)).toContain('juan@yahoo.com.ph');
    expect(visibleEmailSuggestions('juan@', true)).toEqual([]);
    expect(visibleEmailSuggestions('', true)).toEqual([]);
    expect(visibleEmailSuggestions('juan', false)).toEqual([]);
  });
});

describe('loading values', () => {
  it('empties stored values that are not in today\u2019s lists', () => {
    const state = loadValues(createFormState(), {
      jobExperience: 'tenYears',
      employmentType: 'astronaut',
      residenceType: 'castle',
      cardType: 99,
      monthlySalary: 'under10000',
    });
    expect(state.values).toMatchObject({
      jobExperience: '',
      employmentType: '',
      residenceType: '',
      cardType: '',
      monthlySalary: 'under10000',
    });
  });
});
