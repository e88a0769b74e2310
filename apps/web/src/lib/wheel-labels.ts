/**
 * antd-mobile's picker wheels carry screen-reader buttons whose labels are written in Chinese, whatever the
 * locale (picker-view/wheel.js in 5.43). These are the borrower's words for them.
 */
export interface WheelWords {
  selected: string;
  nothingSelected: string;
  previous: string;
  noPrevious: string;
  next: string;
  noNext: string;
}

const PATTERNS: [RegExp, (words: WheelWords, item: string) => string][] = [
  [/^当前选择的是：(.*)$/s, (words, item) => `${words.selected}: ${item}`],
  [/^当前未选择$/, (words) => words.nothingSelected],
  [/^选择上一项：(.*)$/s, (words, item) => `${words.previous}: ${item}`],
  [/^没有上一项$/, (words) => words.noPrevious],
  [/^选择下一项：(.*)$/s, (words, item) => `${words.next}: ${item}`],
  [/^没有下一项$/, (words) => words.noNext],
];

/** The label in the borrower's language, or null when it is not one of antd-mobile's Chinese labels. */
export function translateWheelLabel(label: string, words: WheelWords): string | null {
  for (const [pattern, write] of PATTERNS) {
    const match = pattern.exec(label);
    if (match) return write(words, match[1] ?? '');
  }
  return null;
}
