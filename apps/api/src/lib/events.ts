import type { FastifyBaseLogger } from 'fastify';

/**
 * What happened, told in-process after it committed (docs/decisions/016): the module that did it
 * emits, the modules that care subscribe when they are built. A subscriber runs after the emitter's
 * work and cannot fail it — an error is logged, and each subscriber keeps its own durable queue or
 * timer for what an instance that stops in between would miss.
 */
export interface DomainEvents {
  /** An order event changed a store's orders (the referral engine settles the store's referrals). */
  'order.applied': { merchantId: number };
  /** A transaction queued a debt recovery (the debts module withdraws coupons at Salla). */
  'debt.recovery-queued': { merchantId: number };
}

type Handler<K extends keyof DomainEvents> = (payload: DomainEvents[K]) => void;

export function createEventBus(log: Pick<FastifyBaseLogger, 'warn'>) {
  const handlers = new Map<keyof DomainEvents, ((payload: never) => void)[]>();
  return {
    on<K extends keyof DomainEvents>(event: K, handler: Handler<K>): void {
      handlers.set(event, [...(handlers.get(event) ?? []), handler]);
    },
    emit<K extends keyof DomainEvents>(event: K, payload: DomainEvents[K]): void {
      for (const handler of (handlers.get(event) ?? []) as Handler<K>[]) {
        try {
          handler(payload);
        } catch (err) {
          log.warn({ err, event }, 'event subscriber failed');
        }
      }
    },
  };
}

export type EventBus = ReturnType<typeof createEventBus>;
