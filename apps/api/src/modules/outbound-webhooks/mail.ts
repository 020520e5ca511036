import { bilingual } from '../../lib/mail-layout.ts';
import type { MailMessage } from '../../lib/mailer.ts';

/** To the merchant when an endpoint failed for a day and was switched off (docs/decisions/039). */
export function endpointSwitchedOffMail(input: {
  to: string;
  storeName: string;
  url: string;
  settingsUrl: string;
}): MailMessage {
  return {
    to: input.to,
    subject: 'أوقفنا عنوان ويب هوك لا يستجيب | A webhook endpoint was switched off',
    ...bilingual({
      ar: [
        `مرحبًا ${input.storeName}،`,
        `لم يستقبل العنوان ${input.url} إشعارات نقاط لمدة يوم كامل رغم إعادة المحاولة، لذلك أوقفناه.`,
        'أصلح العنوان ثم شغّله من الإعدادات؛ يمكنك إعادة إرسال أي إشعار من سجل التسليم.',
      ],
      en: [
        `Hello ${input.storeName},`,
        `The endpoint ${input.url} did not accept Nuqat's webhooks for a whole day of retries, so it was switched off.`,
        'Fix it, then switch it on again in Settings; any event can be sent again from the delivery log.',
      ],
      link: { href: input.settingsUrl, ar: 'الإعدادات', en: 'Settings' },
    }),
  };
}
