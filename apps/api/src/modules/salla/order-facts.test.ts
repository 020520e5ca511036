import { describe, expect, it } from 'vitest';
import { stageOfStatus } from './order-facts.ts';

/**
 * Salla's status names stop at salla/ (docs/decisions/016): the engine reads only its own stages.
 * Every status Salla documents (reference §2.7) and an unknown one, in the engine's words.
 */
describe("Salla's order statuses in the engine's words", () => {
  it.each([
    ['payment_pending', 'awaiting_payment'],
    ['under_review', 'placed'],
    ['in_progress', 'placed'],
    ['completed', 'placed'],
    ['delivering', 'placed'],
    ['delivered', 'placed'],
    ['shipped', 'placed'],
    ['canceled', 'cancelled'],
    ['restoring', 'returned'],
    ['restored', 'returned'],
    ['a_status_salla_adds_later', 'placed'],
  ] as const)('%s → %s', (slug, stage) => {
    expect(stageOfStatus(slug)).toBe(stage);
  });

  it('says nothing when the event says no status', () => {
    expect(stageOfStatus(null)).toBeNull();
    expect(stageOfStatus(undefined)).toBeNull();
    expect(stageOfStatus('')).toBeNull();
  });
});
