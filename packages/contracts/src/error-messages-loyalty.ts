import type { ErrorCode, LocalizedText } from './errors.ts';

/** What a person is told of points, rewards, coupons, shoppers, referrals, tiers, campaigns and messages (the catalogue: errors.ts). */
export const LOYALTY_MESSAGES = {
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
  PRODUCT_RULE_NOT_FOUND: {
    ar: 'هذه القاعدة غير موجودة، حدّث الصفحة',
    en: 'That product rule does not exist. Refresh the page.',
  },
  EARN_ACTION_DISABLED: {
    ar: 'لا يقدّم المتجر نقاطًا على هذا الآن',
    en: 'The store does not give points for this right now.',
  },
  PROFILE_INCOMPLETE: {
    ar: 'أضف تاريخ ميلادك إلى حسابك في المتجر، ثم عد لتحصل على النقاط',
    en: 'Add your birthday to your account in the store, then come back for the points.',
  },
} satisfies Partial<Record<ErrorCode, LocalizedText>>;
