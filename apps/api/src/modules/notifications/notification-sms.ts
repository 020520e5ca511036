import { normaliseStoredMobile, type Language } from '@nuqat/contracts';
import type { SmsSender } from '../../lib/sms.ts';
import type { NotificationChannel } from './channels.ts';
import { daysAr, daysEn, formatDate, pointsAr, pointsEn } from './notification-mails.ts';
import type { NotificationContent } from './notification-payloads.ts';

export const SMS_CHANNEL = 'sms';

/**
 * The same notifications as the e-mails, as one short text in the customer's language (an SMS is
 * paid per 70 Arabic characters), the store's name first so the shopper knows who writes, and the
 * store's address where there is one. No unsubscribe link: the merchant chooses the channel
 * (docs/decisions/032), and the customer's unsubscribe covers every channel.
 */
export function notificationSms(
  content: NotificationContent,
  store: { name: string; url: string | null },
  lang: Language,
): string {
  const s = store.name;
  const link = store.url ? `\n${store.url}` : '';
  const ar = lang === 'ar';
  switch (content.kind) {
    case 'points_digest': {
      const p = content.payload;
      return ar
        ? `${s}: أُضيف إلى رصيدك ${pointsAr(p.points)}. رصيدك الآن ${pointsAr(p.balance)}.${link}`
        : `${s}: you collected ${pointsEn(p.points)}. Your balance is ${pointsEn(p.balance)}.${link}`;
    }
    case 'points_expiring': {
      const p = content.payload;
      return ar
        ? `${s}: تنتهي صلاحية ${pointsAr(p.points)} من رصيدك يوم ${formatDate(p.expiresOn, 'ar')} (بعد ${daysAr(p.days)}). استبدلها بمكافأة قبل ذلك.${link}`
        : `${s}: ${pointsEn(p.points)} expire on ${formatDate(p.expiresOn, 'en')} (in ${daysEn(p.days)}). Exchange them for a reward before then.${link}`;
    }
    case 'reward_ready': {
      const p = content.payload;
      return ar
        ? `${s}: رصيدك ${pointsAr(p.balance)} يكفي لمكافأة «${p.rewardName}». استبدلها من صفحة نقاطي في المتجر.${link}`
        : `${s}: your ${pointsEn(p.balance)} are enough for "${p.rewardName}". Redeem it on the store's points page.${link}`;
    }
    case 'coupon_issued': {
      const p = content.payload;
      return ar
        ? `${s}: كوبونك «${p.rewardName}»: ${p.code} — صالح حتى ${p.expiresOn} ولمرة واحدة.${link}`
        : `${s}: your "${p.rewardName}" coupon: ${p.code}, valid until ${p.expiresOn}, once.${link}`;
    }
    case 'tier_up': {
      const p = content.payload;
      return ar
        ? `${s}: مبروك! أصبحت في مستوى «${p.tierName.ar}» وتكسب نقاطك ×${p.multiplier} مع كل طلب.${link}`
        : `${s}: congratulations! You are now ${p.tierName.en} and collect ×${p.multiplier} points on every order.${link}`;
    }
  }
}

export function createSmsChannel(sms: SmsSender): NotificationChannel {
  return {
    name: SMS_CHANNEL,
    reaches: (recipient) => sms.available && normaliseStoredMobile(recipient.mobile) !== null,
    async send(notification) {
      const to = normaliseStoredMobile(notification.recipient.mobile);
      if (!to) throw new Error('no mobile');
      const lang =
        notification.content.kind === 'coupon_issued'
          ? (notification.content.payload.lang ?? notification.recipient.language)
          : notification.recipient.language;
      await sms.send({
        to,
        body: `${notification.sample ? (lang === 'ar' ? '[تجربة] ' : '[Test] ') : ''}${notificationSms(notification.content, notification.store, lang)}`,
      });
    },
  };
}
