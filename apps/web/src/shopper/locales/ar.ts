/**
 * The loyalty page's Arabic texts (the default language). Flat keys; `{{name}}` placeholders;
 * a value that is an object is a plural message with one text per category of
 * `Intl.PluralRules('ar')` (zero, one, two, few, many, other), where `{{count}}` is the number.
 * en.ts has the same keys (checked by the type of `en` and by catalogues.test.ts).
 */
export const ar = {
  'page.title': 'برنامج الولاء',
  'page.documentTitle': 'برنامج الولاء | نقاط',
  'page.description':
    'برنامج الولاء في متجرك: رصيد نقاطك، والمكافآت التي تستبدلها بكوبونات خصم، وطرق كسب النقاط، وسجل نقاطك.',

  'states.loading': 'جارٍ التحميل…',
  'states.retry': 'إعادة المحاولة',

  'errors.noStore': 'تعذّر تحديد المتجر، افتح هذه الصفحة من داخل المتجر.',
  'errors.invalidResponse': 'استجابة غير صالحة من الخادم.',
  'errors.loadFailed': 'تعذّر تحميل بيانات برنامج الولاء، حاول مرة أخرى.',
  'errors.notFound': 'لم يتم العثور على بيانات العميل، تأكد من تسجيل دخولك.',
  'errors.refreshFailed': 'تعذّر تحديث البيانات، حاول مرة أخرى.',
  'errors.redeemFailed': 'تعذّر استبدال المكافأة، حاول مرة أخرى.',
  'errors.network': 'لا يوجد اتصال بالخادم، تحقق من اتصالك بالإنترنت.',
  'errors.timeout': 'استغرق الخادم وقتاً أطول من المعتاد، حاول مرة أخرى.',
  'errors.requestCodeFailed': 'تعذّر إرسال رمز الدخول، حاول مرة أخرى.',
  'errors.verifyFailed': 'تعذّر التحقق من الرمز، حاول مرة أخرى.',
  'errors.emailInvalid': 'أدخل بريداً إلكترونياً صحيحاً.',
  'errors.sessionEnded': 'انتهت جلستك، سجّل الدخول مرة أخرى.',
  'errors.copyFailed': 'تعذّر النسخ، حدّد الرمز وانسخه يدوياً.',

  'signIn.title': 'يجب تسجيل الدخول للوصول إلى برنامج الولاء',
  'signIn.intro': 'أدخل بريدك الإلكتروني المسجّل في المتجر، وسنرسل إليك رمز دخول من 6 أرقام.',
  'signIn.email': 'البريد الإلكتروني',
  'signIn.sendCode': 'أرسل رمز الدخول',
  'signIn.codeSentTo': 'أدخل الرمز المكوّن من 6 أرقام الذي أرسلناه إلى {{email}}.',
  'signIn.code': 'رمز الدخول',
  'signIn.codeHint': '6 أرقام، صالح لمدة 10 دقائق.',
  'signIn.verify': 'تأكيد الدخول',
  'signIn.resend': 'إعادة إرسال الرمز',
  'signIn.changeEmail': 'تغيير البريد الإلكتروني',

  'profile.refresh': 'تحديث البيانات',
  'profile.logout': 'تسجيل الخروج',

  'balance.label': 'رصيد نقاطك',
  'balance.expiring': {
    zero: '{{count}} نقطة تنتهي صلاحيتها في {{date}}',
    one: 'نقطة واحدة تنتهي صلاحيتها في {{date}}',
    two: 'نقطتان تنتهي صلاحيتهما في {{date}}',
    few: '{{count}} نقاط تنتهي صلاحيتها في {{date}}',
    many: '{{count}} نقطة تنتهي صلاحيتها في {{date}}',
    other: '{{count}} نقطة تنتهي صلاحيتها في {{date}}',
  },

  'balance.pending': {
    zero: '{{count}} نقطة معلّقة',
    one: 'نقطة واحدة معلّقة',
    two: 'نقطتان معلّقتان',
    few: '{{count}} نقاط معلّقة',
    many: '{{count}} نقطة معلّقة',
    other: '{{count}} نقطة معلّقة',
  },
  'balance.pendingHint':
    'من طلباتك الأخيرة، ولا تُستبدل بعد. تصبح متاحة عند وصول الطلب إلى حالة {{statuses}}.',
  'balance.pendingHintHold':
    'من طلباتك الأخيرة، ولا تُستبدل بعد. تصبح متاحة بعد {{days}} يوماً من وصول الطلب إلى حالة {{statuses}}.',
  'balance.or': ' أو ',

  points: {
    zero: '{{count}} نقطة',
    one: 'نقطة واحدة',
    two: 'نقطتان',
    few: '{{count}} نقاط',
    many: '{{count}} نقطة',
    other: '{{count}} نقطة',
  },
  'points.unit': {
    zero: 'نقطة',
    one: 'نقطة',
    two: 'نقطتان',
    few: 'نقاط',
    many: 'نقطة',
    other: 'نقطة',
  },

  'redeemOff.title': 'الاستبدال متوقف مؤقتاً',
  'redeemOff.PROGRAMME_PAUSED':
    'أوقف المتجر برنامج الولاء مؤقتاً، فلا يمكن استبدال النقاط الآن. نقاطك محفوظة في رصيدك.',
  'redeemOff.SUBSCRIPTION_INACTIVE':
    'اشتراك المتجر في برنامج الولاء غير فعّال حالياً، فلا يمكن استبدال النقاط الآن. نقاطك محفوظة في رصيدك.',
  'redeemOff.STORE_NEEDS_REINSTALL':
    'يحتاج المتجر إلى إعادة ربط برنامج الولاء، فلا يمكن استبدال النقاط الآن. نقاطك محفوظة في رصيدك.',
  'redeemOff.unknown': 'لا يمكن استبدال النقاط في هذا المتجر الآن. نقاطك محفوظة في رصيدك.',

  'tabs.label': 'أقسام برنامج الولاء',
  'tabs.rewards': 'المكافآت',
  'tabs.earn': 'طرق كسب النقاط',
  'tabs.history': 'السجل',

  'rewards.empty': 'لا توجد مكافآت متاحة في هذا المتجر حالياً.',
  'rewards.details': 'التفاصيل',
  'rewards.redeem': 'استبدال',
  'rewards.redeeming': 'جارٍ الاستبدال…',
  'rewards.insufficient': 'نقاط غير كافية',
  'rewards.outOfStock': 'نفدت الكمية',
  'rewards.unavailable': 'غير متاح الآن',
  'rewards.noDescription': 'لا يوجد وصف لهذه المكافأة.',
  'rewards.minOrder': 'للطلبات من {{amount}} فأكثر',
  'rewards.cancel': 'إلغاء',
  'rewards.close': 'إغلاق',

  'earn.empty': 'لا توجد طرق لكسب النقاط في هذا المتجر حالياً.',
  'estimate.title': 'كم نقطة ستكسب؟',
  'estimate.amount': 'قيمة مشترياتك (ريال)',
  'estimate.hint': 'المبلغ بعد الخصم، دون الشحن والضريبة.',
  'estimate.result': {
    zero: 'ستكسب {{count}} نقطة',
    one: 'ستكسب نقطة واحدة',
    two: 'ستكسب نقطتين',
    few: 'ستكسب {{count}} نقاط',
    many: 'ستكسب {{count}} نقطة',
    other: 'ستكسب {{count}} نقطة',
  },
  'estimate.none': 'هذا المبلغ لا يكسب نقاطاً بعد.',
  'estimate.invalid': 'أدخل مبلغاً بالأرقام، مثل 250.',
  'estimate.note': 'تقدير: تُحسب النقاط على الطلب نفسه، وتظهر معلّقة حتى يكتمل.',

  'history.empty': 'لا يوجد في سجلك نقاط بعد. تسوّق من المتجر لتبدأ بجمعها.',
  'history.showAll': 'عرض السجل كاملاً ({{count}})',
  // As the API describes redemptions in the history (shopper.service.ts).
  'history.redeemedFor': 'استبدال نقاط بمكافأة «{{name}}»',
  'history.earned': 'مكتسبة',
  'history.redeemed': 'مستبدلة',

  'coupons.title': 'كوبوناتي',
  'coupons.copy': 'نسخ',
  'coupons.copyCode': 'نسخ رمز الكوبون {{code}}',
  'coupons.copied': 'تم نسخ رمز الكوبون.',
  'coupons.expires': 'صالح حتى {{date}}',
  'coupons.noCode': 'يُصدر الرمز الآن',
  'coupons.status.pending': 'قيد الإصدار',
  'coupons.status.issued': 'فعّال',
  'coupons.status.used': 'مستخدم',
  'coupons.status.expired': 'منتهي الصلاحية',
  'coupons.status.failed': 'لم يصدر',
  'coupons.status.cancelled': 'ألغاه المتجر (أعيدت النقاط)',

  'redeem.successTitle': 'تم استبدال نقاطك بمكافأة «{{name}}»',
  'redeem.codeLabel': 'رمز الكوبون',
  'redeem.emailNote': 'سيصلك الكوبون على بريدك الإلكتروني أيضاً.',
  'redeem.dismiss': 'إخفاء',

  'referral.title': 'ادعُ أصدقاءك، ولكلٍّ منكما هدية',
  'referral.text':
    'يحصل صديقك على كوبون {{friendReward}}، وتحصل أنت على كوبون {{yourReward}} عن كل صديق يكتمل أول طلب له.',
  'referral.linkLabel': 'رابط دعوتك',
  'referral.copy': 'نسخ الرابط',
  'referral.copyLink': 'نسخ رابط الدعوة',
  'referral.linkCopied': 'تم نسخ رابط الدعوة.',
  'referral.copyFailed': 'تعذّر النسخ، حدّد الرابط وانسخه يدوياً.',
  'referral.shareLabel': 'شارك رابطك',
  'referral.shareVia': 'شارك عبر {{app}}',
  'referral.whatsapp': 'واتساب',
  'referral.x': 'إكس',
  'referral.email': 'البريد',
  'referral.shareSubject': 'هدية لك من {{store}}',
  'referral.shareText': 'هدية لك من {{store}}: كوبون {{reward}}. اطلبها من رابط دعوتي: {{link}}',
  'referral.invited': {
    zero: 'لم ينضم أي صديق عبر رابطك بعد',
    one: 'انضم صديق واحد عبر رابطك',
    two: 'انضم صديقان عبر رابطك',
    few: 'انضم {{count}} أصدقاء عبر رابطك',
    many: 'انضم {{count}} صديقاً عبر رابطك',
    other: 'انضم {{count}} صديق عبر رابطك',
  },
  'referral.rewarded': {
    zero: 'لم تكسب مكافأة دعوة بعد',
    one: 'كسبت مكافأة واحدة',
    two: 'كسبت مكافأتين',
    few: 'كسبت {{count}} مكافآت',
    many: 'كسبت {{count}} مكافأة',
    other: 'كسبت {{count}} مكافأة',
  },
  'referral.reward.fixed': 'خصم {{amount}}',
  'referral.reward.percentage': 'خصم {{percent}}٪ (بحد أقصى {{cap}})',
  'referral.reward.shipping': 'شحن مجاني',

  'gift.title': 'صديقك أرسل لك هدية',
  'gift.text': 'كوبون {{reward}} من {{store}}.',
  'gift.ask': 'أدخل بريدك الإلكتروني وسنرسله إليك.',
  'gift.email': 'بريدك الإلكتروني',
  'gift.emailHint': 'يصل رمز الكوبون إلى هذا البريد وحده.',
  'gift.claim': 'أرسل لي الهدية',
  'gift.sent': 'أُرسل كوبونك إلى {{sentTo}}',
  'gift.sentDetails': 'كوبون {{reward}}، صالح حتى {{date}}.',
  'gift.claimFailed': 'تعذّر إرسال الهدية، حاول مرة أخرى.',
  'gift.invalid': 'رابط الدعوة الذي وصلت منه غير صالح.',

  'notice.dismiss': 'إغلاق التنبيه',
} as const;
