import { describe, expect, it } from 'vitest';
import { detailErrors, detailErrorsOf } from './id-details.ts';

const complete = {
  idNumber: '1234-5678-9012',
  fullName: 'JUAN DELA CRUZ',
  birthday: '05-09-1990',
  address: '12 Mabini St, Quezon City',
};

describe('the read details', () => {
  it('are complete when every field is filled in', () => {
    expect(detailErrors(complete)).toEqual({});
  });

  it('need every field (SPEC section 5)', () => {
    expect(detailErrors({ ...complete, idNumber: '  ', address: '' })).toEqual({
      idNumber: 'required',
      address: 'required',
    });
    expect(detailErrors({ idNumber: '', fullName: '', birthday: '', address: '' })).toEqual({
      idNumber: 'required',
      fullName: 'required',
      birthday: 'required',
      address: 'required',
    });
  });

  it('need a real birthday', () => {
    expect(detailErrors({ ...complete, birthday: '02-30-1990' })).toEqual({ birthday: 'required' });
    expect(detailErrors({ ...complete, birthday: '1990-05-09' })).toEqual({ birthday: 'required' });
  });

  it('take the server’s messages for their own fields only', () => {
    expect(detailErrorsOf({ fullName: 'Too long', front: 'Please take this photo' })).toEqual({
      fullName: 'Too long',
    });
  });
});
