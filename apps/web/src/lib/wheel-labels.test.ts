import { describe, expect, it } from 'vitest';
import { translateWheelLabel } from './wheel-labels.ts';

const WORDS = {
  selected: 'Selected',
  nothingSelected: 'Nothing selected',
  previous: 'Previous',
  noPrevious: 'No previous item',
  next: 'Next',
  noNext: 'No next item',
};

describe("the picker wheels' screen-reader labels", () => {
  it('are put in the borrower\u2019s words, keeping the item', () => {
    expect(translateWheelLabel('当前选择的是：Makati City', WORDS)).toBe('Selected: Makati City');
    expect(translateWheelLabel('选择上一项：May', WORDS)).toBe('Previous: May');
    expect(translateWheelLabel('选择下一项：July', WORDS)).toBe('Next: July');
    expect(translateWheelLabel('当前未选择', WORDS)).toBe('Nothing selected');
    expect(translateWheelLabel('没有上一项', WORDS)).toBe('No previous item');
    expect(translateWheelLabel('没有下一项', WORDS)).toBe('No next item');
  });

  it('leave labels already in our words alone', () => {
    expect(translateWheelLabel('Selected: Makati City', WORDS)).toBeNull();
  });
});
