import { describe, expect, it } from 'vitest';
import { AnswerOrder } from './answer-order.ts';

describe('answers taken in an order that keeps the screen true', () => {
  it('drops a read that left before a change and came back after its answer', () => {
    // The card read after the selfie's upload, then Read my ID: 'incomplete' must not follow 'reading'.
    const order = new AnswerOrder();
    const card = order.ask();
    const readMyId = order.ask();
    expect(order.changed(readMyId)).toBe(true);
    expect(order.read(card)).toBe(false);
  });

  it('drops a read that left while the change was on its way', () => {
    const order = new AnswerOrder();
    const change = order.ask();
    const poll = order.ask();
    expect(order.changed(change)).toBe(true);
    expect(order.read(poll)).toBe(false);
  });

  it('shows a read that left after the change was answered, and reads in the order they left', () => {
    const order = new AnswerOrder();
    expect(order.changed(order.ask())).toBe(true);
    const older = order.ask();
    const newer = order.ask();
    expect(order.read(newer)).toBe(true);
    expect(order.read(older)).toBe(false);
  });

  it('shows a change whatever reads came back before it, but not an older change after a newer one', () => {
    const order = new AnswerOrder();
    const first = order.ask();
    const poll = order.ask();
    const second = order.ask();
    expect(order.read(poll)).toBe(true);
    expect(order.changed(second)).toBe(true);
    expect(order.changed(first)).toBe(false);
  });
});
