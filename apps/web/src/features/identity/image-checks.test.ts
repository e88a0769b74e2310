import { ID_IMAGE_MAX_BYTES } from '@hiram/contract/identity-rules';
import { describe, expect, it } from 'vitest';
import { chosenFileProblem, fitWithin, uploadProblem } from './image-checks.ts';

describe('a chosen file', () => {
  it('takes any picture, whatever its size (it is made smaller before sending)', () => {
    expect(chosenFileProblem({ type: 'image/jpeg', size: 3_000_000 })).toBeNull();
    expect(chosenFileProblem({ type: 'image/heic', size: 30_000_000 })).toBeNull();
    expect(chosenFileProblem({ type: '', size: 1000 })).toBeNull();
  });

  it('refuses what is not a picture, and an empty file', () => {
    expect(chosenFileProblem({ type: 'application/pdf', size: 1000 })).toBe('notAnImage');
    expect(chosenFileProblem({ type: 'video/mp4', size: 1000 })).toBe('notAnImage');
    expect(chosenFileProblem({ type: 'image/jpeg', size: 0 })).toBe('empty');
  });
});

describe('the file sent', () => {
  it('is a JPEG, PNG or WebP within the limit', () => {
    expect(uploadProblem({ type: 'image/jpeg', size: 800_000 })).toBeNull();
    expect(uploadProblem({ type: 'image/png', size: ID_IMAGE_MAX_BYTES })).toBeNull();
    expect(uploadProblem({ type: 'image/webp', size: 1 })).toBeNull();
  });

  it('is refused above the limit, in another format, or empty', () => {
    expect(uploadProblem({ type: 'image/jpeg', size: ID_IMAGE_MAX_BYTES + 1 })).toBe('tooLarge');
    expect(uploadProblem({ type: 'image/heic', size: 1000 })).toBe('notAnImage');
    expect(uploadProblem({ type: 'image/gif', size: 1000 })).toBe('notAnImage');
    expect(uploadProblem({ type: '', size: 1000 })).toBe('notAnImage');
    expect(uploadProblem({ type: 'image/jpeg', size: 0 })).toBe('empty');
  });
});

describe('scaling a photo down', () => {
  it('keeps the shape and brings the longer side to the limit', () => {
    expect(fitWithin(4000, 3000, 2000)).toEqual({ width: 2000, height: 1500 });
    expect(fitWithin(3000, 4000, 2000)).toEqual({ width: 1500, height: 2000 });
  });

  it('never scales up', () => {
    expect(fitWithin(1200, 800, 2000)).toEqual({ width: 1200, height: 800 });
  });
});
