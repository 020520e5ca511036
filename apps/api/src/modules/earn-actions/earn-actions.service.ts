import {
  EARN_ACTION_EVENTS,
  FOLLOW_ACTIONS,
  FOLLOW_DELAY_HOURS,
  NO_SOCIAL_LINKS,
  SOCIAL_NETWORKS,
  type ClaimEarnActionResponse,
  type EarnActionEvent,
  type EarnActionState,
  type Language,
  type SocialLinks,
  type SocialNetwork,
} from '@nuqat/contracts';
import type { AppContext } from '../../context.ts';
import type { Executor } from '../../db/client.ts';
import { AppError } from '../../lib/app-error.ts';
import {
  creditPoints,
  earningBlock,
  expiryFor,
  findCustomer,
  findRules,
  heldOut,
} from '../engine/index.ts';
import { findMerchantById, updateSocialLinks, type MerchantRow } from '../merchants/index.ts';
import {
  findAction,
  findDueActions,
  findShopperActions,
  insertClaim,
  markCredited,
  type EarnActionRow,
} from './earn-actions.repository.ts';

/** The network a follow action is for; null for the other actions. */
export function networkOf(action: EarnActionEvent): SocialNetwork | null {
  return SOCIAL_NETWORKS.find((n) => FOLLOW_ACTIONS[n] === action) ?? null;
}

export const linksOf = (merchant: MerchantRow): SocialLinks => ({
  ...NO_SOCIAL_LINKS,
  ...merchant.socialLinks,
});

const TEXTS = {
  follow: { ar: 'تابِع المتجر', en: 'Follow the store' },
  followNote: {
    ar: 'تصلك النقاط بعد يوم من متابعتك',
    en: 'Your points arrive a day after you follow',
  },
  profile: { ar: 'احصل على النقاط', en: 'Get the points' },
  profileNote: {
    ar: 'بإضافة تاريخ ميلادك إلى حسابك في المتجر',
    en: 'Add your birthday to your account in the store',
  },
  newsletter: { ar: 'اشترك', en: 'Subscribe' },
  newsletterNote: {
    ar: 'أخبار المتجر وعروضه على بريدك',
    en: 'The store’s news and offers by e-mail',
  },
  pending: { ar: 'تصلك النقاط في {date}', en: 'Your points arrive on {date}' },
  waiting: { ar: 'النقاط في الطريق', en: 'Points on their way' },
  done: { ar: 'حصلت على النقاط', en: 'Points received' },
  // The balance card's pending points: follows wait a day, not an order's status (issue 29).
  followsPending: {
    ar: 'مقابل متابعة المتجر، وتُضاف إلى نقاطك في {date}',
    en: 'For following the store: added to your points on {date}',
  },
  followsPendingSome: {
    ar: 'منها {points} مقابل متابعة المتجر، تُضاف في {date}',
    en: '{points} of them for following the store, added on {date}',
  },
} as const;

/** What the balance card says of follows still waiting their day: alone, or beside orders. */
export type PendingFollows = { points: number; alone: string; withOrders: string };

function pendingFollows(rows: EarnActionRow[], lang: Language): PendingFollows | null {
  const waiting = rows.filter((r) => !r.creditedAt);
  if (waiting.length === 0) return null;
  const points = waiting.reduce((sum, r) => sum + r.points, 0);
  const first = new Date(Math.min(...waiting.map((r) => r.availableAt.getTime())));
  const date = DATES[lang].format(first);
  return {
    points,
    alone: TEXTS.followsPending[lang].replace('{date}', date),
    withOrders: TEXTS.followsPendingSome[lang]
      .replace('{points}', points.toLocaleString('en-US'))
      .replace('{date}', date),
  };
}

const DATES = {
  ar: new Intl.DateTimeFormat('ar-SA-u-nu-latn-ca-gregory', {
    timeZone: 'Asia/Riyadh',
    day: 'numeric',
    month: 'long',
    hour: 'numeric',
    minute: '2-digit',
  }),
  en: new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Asia/Riyadh',
    day: 'numeric',
    month: 'short',
    hour: 'numeric',
    minute: '2-digit',
  }),
};

/** Where an action stands for a shopper, with the page's words. */
export function stateOf(
  action: EarnActionEvent,
  row: EarnActionRow | undefined,
  links: SocialLinks,
  lang: Language,
): EarnActionState {
  const network = networkOf(action);
  const url = network ? links[network] : null;
  if (row?.creditedAt)
    return { state: 'done', url, availableAt: null, label: TEXTS.done[lang], note: '' };
  if (row)
    return {
      state: 'pending',
      url,
      availableAt: row.availableAt.toISOString(),
      label: TEXTS.waiting[lang],
      note: TEXTS.pending[lang].replace('{date}', DATES[lang].format(row.availableAt)),
    };
  const kind = network ? 'follow' : action === 'profile_complete' ? 'profile' : 'newsletter';
  return {
    state: 'open',
    url,
    availableAt: null,
    label: TEXTS[kind][lang],
    note: TEXTS[`${kind}Note`][lang],
  };
}

/** The ledger credit of a claimed action: once, by its key. */
async function credit(tx: Executor, merchant: MerchantRow, row: EarnActionRow, at: Date) {
  await creditPoints(tx, {
    merchantId: row.merchantId,
    customerId: row.customerId,
    points: row.points,
    sourceType: 'earn_action',
    sourceId: `${row.customerId}:${row.action}`,
    ruleEvent: row.action,
    idempotencyKey: `earn-action:${row.customerId}:${row.action}`,
    expiresAt: expiryFor(merchant, at),
    at,
  });
  await markCredited(tx, row, at);
}

/**
 * Ways to earn beyond buying (docs/decisions/052): the store's social links, the shopper's claims
 * (each once: the row's primary key, then the ledger's idempotency key), and the release of
 * follows whose delay is over.
 */
export function createEarnActionsService(ctx: AppContext) {
  const { db } = ctx;

  async function getSocialLinks({ merchantId }: { merchantId: number }): Promise<SocialLinks> {
    const merchant = await findMerchantById(db, merchantId);
    if (!merchant) throw new AppError('NOT_FOUND');
    return linksOf(merchant);
  }

  async function setSocialLinks(input: {
    merchantId: number;
    links: SocialLinks;
  }): Promise<SocialLinks> {
    const row = await updateSocialLinks(db, input.merchantId, input.links);
    if (!row) throw new AppError('NOT_FOUND');
    return { ...NO_SOCIAL_LINKS, ...row.socialLinks };
  }

  async function claim(input: {
    merchantId: number;
    customerId: number;
    action: EarnActionEvent;
    lang: Language;
  }): Promise<ClaimEarnActionResponse> {
    const { merchantId, customerId, action, lang } = input;
    const now = ctx.now();
    return db.transaction(async (tx) => {
      const [merchant, customer] = await Promise.all([
        findMerchantById(tx, merchantId),
        findCustomer(tx, merchantId, customerId),
      ]);
      if (!merchant || !customer) throw new AppError('NOT_FOUND');
      if (earningBlock(merchant, now)) throw new AppError('PROGRAMME_PAUSED');
      const rule = (await findRules(tx, merchantId)).get(action);
      const network = networkOf(action);
      const links = linksOf(merchant);
      if (!rule || rule.points <= 0 || heldOut(customer, now) || (network && !links[network]))
        throw new AppError('EARN_ACTION_DISABLED');
      const done = await findAction(tx, { merchantId, customerId, action });
      if (done) return { action, points: done.points, ...stateOf(action, done, links, lang) };
      if (action === 'profile_complete' && !customer.birthday)
        throw new AppError('PROFILE_INCOMPLETE');
      // A follow cannot be verified on any platform: the points wait a day after the claim.
      const delay = network ? FOLLOW_DELAY_HOURS * 3_600_000 : 0;
      const inserted = await insertClaim(tx, {
        merchantId,
        customerId,
        action,
        points: rule.points,
        claimedAt: now,
        availableAt: new Date(now.getTime() + delay),
      });
      // A concurrent claim got there first: answer with what it recorded.
      let row = inserted ?? (await findAction(tx, { merchantId, customerId, action }))!;
      if (inserted && delay === 0) {
        await credit(tx, merchant, inserted, now);
        row = { ...inserted, creditedAt: now };
      }
      return { action, points: row.points, ...stateOf(action, row, links, lang) };
    });
  }

  /**
   * Credits the claimed follows whose delay is over (one batch; the job runs again), all stores
   * or one shopper's. One transaction per action, the row locked; the ledger key makes a repeat
   * harmless.
   */
  async function releaseDue(shopper?: {
    merchantId: number;
    customerId: number;
  }): Promise<{ released: number }> {
    const now = ctx.now();
    let released = 0;
    for (const due of await findDueActions(db, now, 500, shopper)) {
      const done = await db.transaction(async (tx) => {
        const row = await findAction(tx, due, { forUpdate: true });
        if (!row || row.creditedAt) return false;
        const merchant = await findMerchantById(tx, row.merchantId);
        if (!merchant) return false;
        await credit(tx, merchant, row, now);
        return true;
      });
      if (done) released += 1;
    }
    if (released > 0 && !shopper)
      ctx.log.info({ job: 'earn-actions', released }, 'follows credited');
    return { released };
  }

  /**
   * The shopper's loyalty data: each enabled action's state (a follow only with the store's
   * link), and the points of claims still on their way. Their due follows are credited first.
   */
  async function shopperActions(input: {
    merchant: MerchantRow;
    customerId: number;
    enabled: ReadonlySet<string>;
    lang: Language;
    /** Their claims when the caller read them already. */
    claims?: EarnActionRow[];
  }): Promise<{
    states: Map<EarnActionEvent, EarnActionState>;
    pendingPoints: number;
    pendingFollows: PendingFollows | null;
  }> {
    const { merchant, customerId, lang } = input;
    const shopper = { merchantId: merchant.id, customerId };
    let found = input.claims ?? (await findShopperActions(db, merchant.id, customerId));
    // Their follows whose delay is over are credited first (a second read only then).
    const now = ctx.now();
    if (found.some((r) => !r.creditedAt && r.availableAt <= now)) {
      await releaseDue(shopper);
      found = await findShopperActions(db, merchant.id, customerId);
    }
    const rows = new Map(found.map((r) => [r.action, r]));
    const links = linksOf(merchant);
    const states = new Map<EarnActionEvent, EarnActionState>();
    for (const action of EARN_ACTION_EVENTS) {
      const network = networkOf(action);
      if (!input.enabled.has(action) || (network && !links[network])) continue;
      states.set(action, stateOf(action, rows.get(action), links, lang));
    }
    const follows = pendingFollows(found, lang);
    return { states, pendingPoints: follows?.points ?? 0, pendingFollows: follows };
  }

  return { getSocialLinks, setSocialLinks, claim, releaseDue, shopperActions };
}

export type EarnActionsService = ReturnType<typeof createEarnActionsService>;
