/**
 * The one error catalogue of Nuqat. Every API error carries one of these codes; the HTTP status
 * comes from ERROR_STATUS (a new code without a status fails type-checking) and the text a person
 * sees comes from ERROR_MESSAGES, in Arabic first and English.
 */
import type { Language } from './locales.ts';
export const ERROR_CODES = [
  'VALIDATION_FAILED',
  'MALFORMED_REQUEST',
  'UNSUPPORTED_MEDIA_TYPE',
  'PAYLOAD_TOO_LARGE',
  'NOT_FOUND',
  'STORE_NOT_FOUND',
  'ROUTE_NOT_FOUND',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'SESSION_EXPIRED',
  'CSRF_FAILED',
  'AUTH_INVALID_CREDENTIALS',
  'EMBEDDED_NOT_CONFIGURED',
  'EMBEDDED_TOKEN_INVALID',
  'EMBEDDED_TOKEN_EXPIRED',
  'EMBEDDED_TOKEN_USED',
  'EMBEDDED_STORE_UNKNOWN',
  'EMBEDDED_SALLA_UNAVAILABLE',
  'RATE_LIMITED',
  'RESET_CODE_INVALID',
  'RESET_CODE_NOT_VERIFIED',
  'MERCHANT_EMAIL_TAKEN',
  'MERCHANT_ID_TAKEN',
  'WEBHOOK_NOT_CONFIGURED',
  'WEBHOOK_SIGNATURE_INVALID',
  'WEBHOOK_PAYLOAD_INVALID',
  'PLAN_FEATURE_REQUIRED',
  'PROGRAMME_PAUSED',
  'STORE_NEEDS_REINSTALL',
  'SALLA_UNAVAILABLE',
  'SHOPPER_CODE_INVALID',
  'INSUFFICIENT_POINTS',
  'REWARD_UNAVAILABLE',
  'REWARD_LIMIT_REACHED',
  'SUBSCRIPTION_INACTIVE',
  'REDEMPTION_FAILED',
  'COUPON_NOT_CANCELLABLE',
  'COUPON_USED_AT_SALLA',
  'COUPON_CANCEL_WINDOW_PASSED',
  'ADJUSTMENT_EXCEEDS_BALANCE',
  'IDEMPOTENCY_KEY_REUSED',
  'CUSTOMER_ERASED',
  'IMPORT_FILE_INVALID',
  'REFERRAL_CODE_INVALID',
  'REFERRAL_INACTIVE',
  'REFERRAL_NOT_ELIGIBLE',
  'REFERRAL_CLAIM_FAILED',
  'TIER_REQUIRED',
  'HOLDOUT_NOT_RUNNING',
  'TIER_IN_USE',
  'TIER_NOT_FOUND',
  'CAMPAIGN_NOT_FOUND',
  'CAMPAIGN_ENDED',
  'EARN_ACTION_DISABLED',
  'PROFILE_INCOMPLETE',
  'UNSUBSCRIBE_LINK_INVALID',
  'NOTIFICATION_TEST_FAILED',
  'NOTIFICATION_NO_EMAIL',
  'SMS_UNAVAILABLE',
  'SMS_SEND_FAILED',
  'API_KEY_INVALID',
  'API_KEY_SCOPE_MISSING',
  'API_KEYS_LIMIT_REACHED',
  'WEBHOOK_URL_NOT_ALLOWED',
  'WEBHOOK_ENDPOINTS_LIMIT_REACHED',
  'CONTACT_NOT_CONFIGURED',
  'CONTACT_SEND_FAILED',
  'READ_ONLY_DEMO',
  'DEMO_NOT_AVAILABLE',
  'INTERNAL_ERROR',
  'SERVICE_UNAVAILABLE',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ERROR_STATUS: Record<ErrorCode, number> = {
  VALIDATION_FAILED: 400,
  MALFORMED_REQUEST: 400,
  UNSUPPORTED_MEDIA_TYPE: 415,
  PAYLOAD_TOO_LARGE: 413,
  NOT_FOUND: 404,
  STORE_NOT_FOUND: 404,
  ROUTE_NOT_FOUND: 404,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  SESSION_EXPIRED: 401,
  CSRF_FAILED: 403,
  AUTH_INVALID_CREDENTIALS: 401,
  EMBEDDED_NOT_CONFIGURED: 401,
  EMBEDDED_TOKEN_INVALID: 401,
  EMBEDDED_TOKEN_EXPIRED: 401,
  EMBEDDED_TOKEN_USED: 401,
  EMBEDDED_STORE_UNKNOWN: 401,
  EMBEDDED_SALLA_UNAVAILABLE: 503,
  RATE_LIMITED: 429,
  RESET_CODE_INVALID: 400,
  RESET_CODE_NOT_VERIFIED: 400,
  MERCHANT_EMAIL_TAKEN: 409,
  MERCHANT_ID_TAKEN: 409,
  WEBHOOK_NOT_CONFIGURED: 503,
  WEBHOOK_SIGNATURE_INVALID: 401,
  WEBHOOK_PAYLOAD_INVALID: 400,
  PLAN_FEATURE_REQUIRED: 403,
  PROGRAMME_PAUSED: 409,
  STORE_NEEDS_REINSTALL: 409,
  SALLA_UNAVAILABLE: 502,
  SHOPPER_CODE_INVALID: 400,
  INSUFFICIENT_POINTS: 409,
  REWARD_UNAVAILABLE: 409,
  REWARD_LIMIT_REACHED: 409,
  SUBSCRIPTION_INACTIVE: 409,
  REDEMPTION_FAILED: 502,
  COUPON_NOT_CANCELLABLE: 409,
  COUPON_USED_AT_SALLA: 409,
  COUPON_CANCEL_WINDOW_PASSED: 409,
  ADJUSTMENT_EXCEEDS_BALANCE: 409,
  IDEMPOTENCY_KEY_REUSED: 409,
  CUSTOMER_ERASED: 409,
  IMPORT_FILE_INVALID: 400,
  REFERRAL_CODE_INVALID: 404,
  REFERRAL_INACTIVE: 409,
  REFERRAL_NOT_ELIGIBLE: 409,
  REFERRAL_CLAIM_FAILED: 502,
  TIER_REQUIRED: 403,
  HOLDOUT_NOT_RUNNING: 409,
  TIER_IN_USE: 409,
  TIER_NOT_FOUND: 404,
  CAMPAIGN_NOT_FOUND: 404,
  CAMPAIGN_ENDED: 409,
  EARN_ACTION_DISABLED: 409,
  PROFILE_INCOMPLETE: 409,
  UNSUBSCRIBE_LINK_INVALID: 400,
  NOTIFICATION_TEST_FAILED: 502,
  NOTIFICATION_NO_EMAIL: 409,
  SMS_UNAVAILABLE: 409,
  SMS_SEND_FAILED: 502,
  API_KEY_INVALID: 401,
  API_KEY_SCOPE_MISSING: 403,
  API_KEYS_LIMIT_REACHED: 409,
  WEBHOOK_URL_NOT_ALLOWED: 400,
  WEBHOOK_ENDPOINTS_LIMIT_REACHED: 409,
  CONTACT_NOT_CONFIGURED: 503,
  CONTACT_SEND_FAILED: 503,
  READ_ONLY_DEMO: 403,
  DEMO_NOT_AVAILABLE: 404,
  INTERNAL_ERROR: 500,
  SERVICE_UNAVAILABLE: 503,
};

export interface LocalizedText {
  ar: string;
  en: string;
}

/**
 * `{{wait}}` is replaced with the Retry-After value in words where a message mentions it
 * (`formatWait`): seconds under a minute, then whole minutes, then hours — never "874 seconds".
 */
export const ERROR_MESSAGES: Record<ErrorCode, LocalizedText> = {
  VALIDATION_FAILED: {
    ar: 'بعض الحقول غير صحيحة، راجعها وحاول مرة أخرى',
    en: 'Some fields are not valid. Check them and try again.',
  },
  MALFORMED_REQUEST: {
    ar: 'تعذّر قراءة الطلب',
    en: 'The request could not be read.',
  },
  UNSUPPORTED_MEDIA_TYPE: {
    ar: 'نوع المحتوى غير مدعوم',
    en: 'This content type is not supported.',
  },
  PAYLOAD_TOO_LARGE: {
    ar: 'حجم الطلب أكبر من المسموح',
    en: 'The request is too large.',
  },
  NOT_FOUND: { ar: 'العنصر غير موجود', en: 'Not found.' },
  STORE_NOT_FOUND: {
    ar: 'هذا المتجر لا يقدّم برنامج نقاط حاليًا',
    en: 'This store does not run a points programme right now.',
  },
  ROUTE_NOT_FOUND: { ar: 'المسار غير موجود', en: 'This address does not exist.' },
  UNAUTHENTICATED: { ar: 'يرجى تسجيل الدخول أولًا', en: 'Please login first' },
  FORBIDDEN: {
    ar: 'ليس لديك صلاحية للوصول إلى هذه البيانات',
    en: 'You do not have access to this data.',
  },
  SESSION_EXPIRED: {
    ar: 'انتهت الجلسة، يرجى تسجيل الدخول مرة أخرى',
    en: 'Your session has ended. Please log in again.',
  },
  CSRF_FAILED: {
    ar: 'تعذر التحقق من مصدر الطلب، يرجى تحديث الصفحة أو تسجيل الدخول مرة أخرى',
    en: 'This request could not be verified. Please reload the page or log in again.',
  },
  AUTH_INVALID_CREDENTIALS: {
    ar: 'البريد الإلكتروني أو كلمة المرور غير صحيحة',
    en: 'Incorrect email or password',
  },
  EMBEDDED_NOT_CONFIGURED: {
    ar: 'الدخول من لوحة تحكم سلة غير مفعّل على هذا الخادم، ادخل ببريدك الإلكتروني وكلمة المرور',
    en: 'Signing in from the Salla dashboard is not set up on this server. Log in with your email and password.',
  },
  EMBEDDED_TOKEN_INVALID: {
    ar: 'تعذّر التحقق من دخولك عبر سلة، افتح نقاط من لوحة تحكم سلة مرة أخرى',
    en: 'Your Salla sign-in could not be verified. Open Nuqat again from your Salla dashboard.',
  },
  EMBEDDED_TOKEN_EXPIRED: {
    ar: 'انتهت صلاحية دخولك عبر سلة، افتح نقاط من لوحة تحكم سلة مرة أخرى',
    en: 'Your Salla sign-in has expired. Open Nuqat again from your Salla dashboard.',
  },
  EMBEDDED_TOKEN_USED: {
    ar: 'سبق استخدام رمز الدخول هذا من سلة، افتح نقاط من لوحة تحكم سلة مرة أخرى',
    en: 'This Salla sign-in was already used. Open Nuqat again from your Salla dashboard.',
  },
  EMBEDDED_STORE_UNKNOWN: {
    ar: 'نقاط غير مثبّت على هذا المتجر، ثبّته من متجر تطبيقات سلة ثم افتحه مرة أخرى',
    en: 'Nuqat is not installed on this store. Install it from the Salla App Store, then open it again.',
  },
  EMBEDDED_SALLA_UNAVAILABLE: {
    ar: 'تعذّر التحقق من دخولك لأن سلة لا تستجيب حاليًا، حاول مرة أخرى بعد قليل',
    en: 'Your sign-in could not be checked because Salla is not answering right now. Please try again shortly.',
  },
  RATE_LIMITED: {
    ar: 'محاولات كثيرة، حاول مرة أخرى بعد {{wait}}',
    en: 'Too many attempts. Try again in {{wait}}.',
  },
  RESET_CODE_INVALID: {
    ar: 'رمز التحقق غير صالح أو منتهي الصلاحية',
    en: 'Invalid or expired verification code',
  },
  RESET_CODE_NOT_VERIFIED: {
    ar: 'يرجى التحقق من الرمز أولًا',
    en: 'Verify the code first.',
  },
  MERCHANT_EMAIL_TAKEN: {
    ar: 'يوجد حساب بهذا البريد الإلكتروني',
    en: 'An account with this email already exists.',
  },
  MERCHANT_ID_TAKEN: {
    ar: 'يوجد متجر بهذا المعرّف',
    en: 'A store with this id already exists.',
  },
  WEBHOOK_NOT_CONFIGURED: {
    ar: 'استقبال إشعارات سلة غير مفعّل على هذا الخادم',
    en: 'Salla webhooks are not configured on this server.',
  },
  WEBHOOK_SIGNATURE_INVALID: {
    ar: 'توقيع الإشعار غير صالح',
    en: 'The webhook signature is not valid.',
  },
  WEBHOOK_PAYLOAD_INVALID: {
    ar: 'محتوى الإشعار غير مفهوم',
    en: 'The webhook payload could not be understood.',
  },
  PLAN_FEATURE_REQUIRED: {
    ar: 'هذه الميزة متاحة في باقة النمو، قم بالترقية لاستخدامها',
    en: 'This feature is part of the Growth plan. Upgrade to use it.',
  },
  PROGRAMME_PAUSED: {
    ar: 'برنامج النقاط متوقف مؤقتًا في هذا المتجر',
    en: 'The points programme is paused in this store.',
  },
  STORE_NEEDS_REINSTALL: {
    ar: 'انقطع الاتصال بسلة، يرجى إعادة تثبيت التطبيق من متجر تطبيقات سلة',
    en: 'The connection to Salla was lost. Please reinstall the app from the Salla App Store.',
  },
  SALLA_UNAVAILABLE: {
    ar: 'تعذّر الاتصال بسلة حاليًا، حاول مرة أخرى بعد قليل',
    en: 'Salla could not be reached right now. Please try again shortly.',
  },
  SHOPPER_CODE_INVALID: {
    ar: 'رمز الدخول غير صحيح أو منتهي الصلاحية، اطلب رمزًا جديدًا',
    en: 'The sign-in code is wrong or has expired. Ask for a new one.',
  },
  INSUFFICIENT_POINTS: {
    ar: 'نقاطك لا تكفي لهذه المكافأة',
    en: 'You do not have enough points for this reward.',
  },
  REWARD_UNAVAILABLE: {
    ar: 'هذه المكافأة غير متاحة حاليًا',
    en: 'This reward is not available right now.',
  },
  REWARD_LIMIT_REACHED: {
    ar: 'نفدت هذه المكافأة، اختر مكافأة أخرى',
    en: 'This reward has run out. Choose another one.',
  },
  SUBSCRIPTION_INACTIVE: {
    ar: 'استبدال النقاط متوقف مؤقتًا في هذا المتجر، نقاطك محفوظة',
    en: 'Redeeming points is paused in this store for now. Your points are safe.',
  },
  REDEMPTION_FAILED: {
    ar: 'تعذّر إصدار الكوبون من سلة الآن، وأعيدت نقاطك إلى رصيدك. حاول مرة أخرى بعد قليل',
    en: 'Salla could not create your coupon right now, so your points were returned. Please try again shortly.',
  },
  COUPON_NOT_CANCELLABLE: {
    ar: 'لا يمكن إلغاء هذا الكوبون: استُخدم أو انتهت صلاحيته أو لم يصدر',
    en: 'This coupon cannot be cancelled: it was used, has expired or was never issued.',
  },
  COUPON_USED_AT_SALLA: {
    ar: 'تقول سلة إن هذا الكوبون استُخدم في طلب، فلا يمكن إلغاؤه وتبقى نقاطه مستبدلة',
    en: 'Salla says this coupon was used on an order, so it cannot be cancelled and its points stay redeemed.',
  },
  COUPON_CANCEL_WINDOW_PASSED: {
    ar: 'انتهت مهلة إلغاء هذا الكوبون، فيبقى صالحًا للاستخدام وتبقى نقاطه مستبدلة',
    en: 'The time to cancel this coupon has passed. It stays yours to use, and its points stay redeemed.',
  },
  ADJUSTMENT_EXCEEDS_BALANCE: {
    ar: 'لا يمكن خصم نقاط أكثر من رصيد العميل، فالرصيد لا ينزل عن الصفر',
    en: "You cannot remove more points than the customer's balance: it never goes below zero.",
  },
  IDEMPOTENCY_KEY_REUSED: {
    ar: 'أُرسل هذا النموذج من قبل ببيانات مختلفة، أعد فتحه وحاول مرة أخرى',
    en: 'This form was already sent with different values. Open it again and retry.',
  },
  CUSTOMER_ERASED: {
    ar: 'حُذفت بيانات هذا العميل بناءً على طلبه، فلا يمكن تعديل نقاطه',
    en: "This customer's data was erased at their request, so their points cannot be changed.",
  },
  IMPORT_FILE_INVALID: {
    ar: 'تعذّرت قراءة الملف: يجب أن يكون CSV فيه عمود رقم العميل أو البريد الإلكتروني وعمود النقاط',
    en: 'The file could not be read: it must be a CSV with a customer id or email column and a points column.',
  },
  REFERRAL_CODE_INVALID: {
    ar: 'رابط الدعوة غير صحيح، اطلب من صديقك إرساله مرة أخرى',
    en: 'This invitation link is not valid. Ask your friend to send it again.',
  },
  REFERRAL_INACTIVE: {
    ar: 'برنامج دعوة الأصدقاء غير مفعّل في هذا المتجر حاليًا',
    en: 'This store is not running its invite-a-friend programme right now.',
  },
  // One answer for every refusal that depends on the address (the inviter's own, a shopper who
  // ordered, a gift already given, the code's or the store's limit): none tells a stranger
  // anything about an address (docs/decisions/028).
  REFERRAL_NOT_ELIGIBLE: {
    ar: 'لا يمكن إرسال هدية الدعوة إلى هذا البريد. الهدية للعملاء الجدد في المتجر، مرة واحدة لكل بريد، ولكل دعوة عدد محدود من الهدايا',
    en: 'This invitation cannot send a gift to this email. The gift is for new customers of the store, once per email, and each invitation has a limited number of gifts.',
  },
  REFERRAL_CLAIM_FAILED: {
    ar: 'تعذّر إصدار الكوبون من سلة الآن، حاول مرة أخرى بعد قليل',
    en: 'Salla could not create your coupon right now. Please try again shortly.',
  },
  TIER_REQUIRED: {
    ar: 'هذه المكافأة لعملاء مستوى أعلى، واصل التسوّق لتصل إليه',
    en: 'This reward is for a higher tier. Keep shopping to reach it.',
  },
  HOLDOUT_NOT_RUNNING: {
    ar: 'لا توجد مجموعة مقارنة قائمة لإنهائها',
    en: 'There is no control group running to end.',
  },
  TIER_IN_USE: {
    ar: 'لا يمكن حذف مستوى مخصّص لمكافآت، غيّر تلك المكافآت أولًا',
    en: 'A tier that rewards are reserved for cannot be removed. Change those rewards first.',
  },
  TIER_NOT_FOUND: {
    ar: 'هذا المستوى غير موجود، حدّث الصفحة واختر مستوى آخر',
    en: 'That tier does not exist. Refresh the page and choose another.',
  },
  CAMPAIGN_NOT_FOUND: {
    ar: 'هذه الحملة غير موجودة، حدّث الصفحة',
    en: 'That campaign does not exist. Refresh the page.',
  },
  CAMPAIGN_ENDED: {
    ar: 'انتهت هذه الحملة، ولا يمكن تعديلها بعد انتهائها',
    en: 'This campaign has ended and can no longer be changed.',
  },
  EARN_ACTION_DISABLED: {
    ar: 'لا يقدّم المتجر نقاطًا على هذا الآن',
    en: 'The store does not give points for this right now.',
  },
  PROFILE_INCOMPLETE: {
    ar: 'أضف تاريخ ميلادك إلى حسابك في المتجر، ثم عد لتحصل على النقاط',
    en: 'Add your birthday to your account in the store, then come back for the points.',
  },
  UNSUBSCRIBE_LINK_INVALID: {
    ar: 'رابط إلغاء الاشتراك غير صحيح، افتحه من آخر رسالة وصلتك من المتجر',
    en: 'This unsubscribe link is not valid. Open it from the latest email the store sent you.',
  },
  NOTIFICATION_TEST_FAILED: {
    ar: 'تعذّر إرسال الرسالة التجريبية الآن، حاول مرة أخرى بعد قليل',
    en: 'The test email could not be sent right now. Please try again shortly.',
  },
  NOTIFICATION_NO_EMAIL: {
    ar: 'لا يوجد بريد إلكتروني لحساب متجرك لنرسل إليه الرسالة التجريبية',
    en: 'Your store account has no email to send the test to.',
  },
  SMS_UNAVAILABLE: {
    ar: 'الرسائل النصية غير مفعّلة لهذا المتجر، استخدم البريد الإلكتروني',
    en: 'Text messages are not set up for this store. Use email instead.',
  },
  SMS_SEND_FAILED: {
    ar: 'تعذّر إرسال الرسالة النصية الآن، حاول مرة أخرى بعد قليل أو استخدم البريد الإلكتروني',
    en: 'The text message could not be sent right now. Try again shortly or use email.',
  },
  API_KEY_INVALID: {
    ar: 'مفتاح الواجهة البرمجية غير صالح أو أُلغي',
    en: 'The API key is not valid or was revoked.',
  },
  API_KEY_SCOPE_MISSING: {
    ar: 'مفتاح الواجهة البرمجية لا يملك الصلاحية المطلوبة لهذا الطلب',
    en: 'The API key does not have the scope this request needs.',
  },
  API_KEYS_LIMIT_REACHED: {
    ar: 'وصلت إلى الحد الأقصى لمفاتيح الواجهة البرمجية، ألغِ مفتاحًا لا تستخدمه أولًا',
    en: 'You have reached the most API keys a store can hold. Revoke one you no longer use first.',
  },
  WEBHOOK_URL_NOT_ALLOWED: {
    ar: 'عنوان الويب هوك يجب أن يكون عنوان HTTPS عامًا، لا عنوانًا داخليًا أو محليًا',
    en: 'The webhook address must be a public HTTPS address, not a private or local one.',
  },
  WEBHOOK_ENDPOINTS_LIMIT_REACHED: {
    ar: 'وصلت إلى الحد الأقصى لعناوين الويب هوك، احذف عنوانًا أولًا',
    en: 'You have reached the most webhook endpoints a store can have. Delete one first.',
  },
  INTERNAL_ERROR: {
    ar: 'حدث خطأ في الخادم، حاول مرة أخرى',
    en: 'Something went wrong on our side. Please try again.',
  },
  SERVICE_UNAVAILABLE: {
    ar: 'الخدمة غير متاحة مؤقتًا',
    en: 'The service is temporarily unavailable.',
  },
  CONTACT_NOT_CONFIGURED: {
    ar: 'نموذج التواصل غير متاح في هذه النسخة',
    en: 'The contact form is not available on this installation.',
  },
  CONTACT_SEND_FAILED: {
    ar: 'تعذّر إرسال رسالتك الآن، حاول بعد قليل',
    en: 'Your message could not be sent just now. Please try again shortly.',
  },
  READ_ONLY_DEMO: {
    ar: 'هذا عرض تجريبي للقراءة فقط: لا يمكن حفظ التغييرات',
    en: 'This is a read-only demo: changes cannot be saved.',
  },
  DEMO_NOT_AVAILABLE: {
    ar: 'العرض التجريبي غير متاح في هذه النسخة',
    en: 'The demo is not available on this installation.',
  },
};

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && (ERROR_CODES as readonly string[]).includes(value);
}

const WAIT_WORDS = {
  ar: {
    second: ['ثانية واحدة', 'ثانيتين', 'ثوانٍ', 'ثانية'],
    minute: ['دقيقة واحدة', 'دقيقتين', 'دقائق', 'دقيقة'],
    hour: ['ساعة واحدة', 'ساعتين', 'ساعات', 'ساعة'],
  },
  en: {
    second: ['1 second', '', 'seconds', 'seconds'],
    minute: ['1 minute', '', 'minutes', 'minutes'],
    hour: ['1 hour', '', 'hours', 'hours'],
  },
} as const;

/** A count of a unit in words, with Arabic's singular, dual, 3–10 and 11+ forms. */
function countOf(n: number, unit: 'second' | 'minute' | 'hour', language: Language): string {
  const [one, two, few, many] = WAIT_WORDS[language][unit];
  const figure = n.toLocaleString('en-US');
  if (n === 1) return one;
  if (language === 'en') return `${figure} ${many}`;
  if (n === 2) return two;
  const rest = n % 100;
  return `${figure} ${rest >= 3 && rest <= 10 ? few : many}`;
}

/**
 * How long to wait, as a person says it (issue 27): "45 seconds" under a minute, then "about
 * 15 minutes" (rounded up), then "about 2 hours" from 90 minutes.
 */
export function formatWait(seconds: number, language: Language): string {
  const s = Math.max(1, Math.ceil(seconds));
  if (s < 60) return countOf(s, 'second', language);
  const about = language === 'ar' ? 'نحو ' : 'about ';
  const minutes = Math.ceil(s / 60);
  if (minutes < 90)
    return minutes === 1
      ? countOf(1, 'minute', language)
      : about + countOf(minutes, 'minute', language);
  return about + countOf(Math.round(minutes / 60), 'hour', language);
}
