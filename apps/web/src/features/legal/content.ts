import {
  EMBEDDED_SESSION_TTL_HOURS,
  EXPIRY_REMINDER_DAYS,
  MERCHANT_SESSION_TTL_DAYS,
  RESET_CODE_TTL_MINUTES,
  SHOPPER_CODE_TTL_MINUTES,
  SHOPPER_SESSION_TTL_DAYS,
  UNINSTALL_GRACE_DAYS,
  type Language,
} from '@nuqat/contracts';
import { formatDate, formatNumber } from '../../lib/format';

/** When these texts last changed (shown on the page). */
const LAST_UPDATED = '2026-11-26T12:00:00+03:00';

/**
 * The texts of /privacy and /terms (docs/decisions/044). They live beside the page, in its own
 * lazy chunk, instead of in the app's catalogues that every screen downloads. Every figure comes
 * from the constant the API enforces (contracts), so the page says what the product does.
 */
export interface LegalSection {
  id: string;
  title: string;
  paragraphs?: string[];
  items?: string[];
}

export interface LegalTexts {
  chrome: {
    backHome: string;
    privacy: string;
    terms: string;
    lastUpdated: string;
    contents: string;
    operatorTitle: string;
    operatorName: string;
    operatorCr: string;
    operatorAddress: string;
    operatorEmail: string;
    operatorUnset: string;
  };
  privacy: { title: string; intro: string; sections: LegalSection[] };
  terms: { title: string; intro: string; sections: LegalSection[] };
}

export function legalTexts(language: Language): LegalTexts {
  const n = (value: number) => formatNumber(value, language);
  const reminders = EXPIRY_REMINDER_DAYS.map(n);
  return language === 'ar' ? arabic(n, reminders) : english(n, reminders);
}

type Num = (value: number) => string;

function english(n: Num, reminders: string[]): LegalTexts {
  return {
    chrome: {
      backHome: 'Back to the homepage',
      privacy: 'Privacy policy',
      terms: 'Terms of use',
      lastUpdated: 'Last updated: ' + formatDate(LAST_UPDATED, 'en'),
      contents: 'On this page',
      operatorTitle: 'Who runs Nuqat',
      operatorName: 'Company',
      operatorCr: 'Commercial registration',
      operatorAddress: 'Address',
      operatorEmail: 'Privacy and legal email',
      operatorUnset:
        'The operator of this installation has not published its legal details here yet. Reach it through the store, or through the contact details on the homepage.',
    },
    privacy: {
      title: 'Privacy policy',
      intro:
        'Nuqat runs loyalty programmes (points, rewards, tiers and referrals) for stores on Salla. This page says what Nuqat keeps about store owners and their customers, for how long, who else sees it, and how to use your rights under the Saudi Personal Data Protection Law (PDPL).',
      sections: [
        {
          id: 'roles',
          title: 'Who decides what',
          paragraphs: [
            "For a store's customers, the store is in charge of their data: it chose to run its loyalty programme on Nuqat, and Nuqat handles that data on the store's behalf and only to run the programme. For store owners' own accounts, the operator named at the end of this page is in charge.",
          ],
        },
        {
          id: 'collected',
          title: 'What Nuqat stores',
          items: [
            "About store owners: the store's name and address on Salla, the owner's email, a password kept only as a one-way hash, the plan, and the settings of the programme. The access keys Salla gives Nuqat to act for the store are stored encrypted.",
            'About customers: what Salla sends Nuqat about them and their orders — name, email, mobile number, birthday and picture when the store has them; order numbers, dates, amounts and statuses — and what the programme adds: points earned and spent (a history that cannot be rewritten), coupons issued, tier, referral codes, the email of a friend they invited, their chosen language and their notification choices.',
            'Sign-in codes sent by email or SMS are stored only as a keyed hash, never as typed, and expire after ' +
              n(SHOPPER_CODE_TTL_MINUTES) +
              ' minutes (a store owner’s password-reset code after ' +
              n(RESET_CODE_TTL_MINUTES) +
              ' minutes).',
            "Nothing is kept in the customer's browser but the session cookie of the loyalty page. Nuqat never sees or stores payment card details.",
            'Request counters used to stop abuse are keyed by network address or email and are deleted as soon as their time window ends (at the latest a day after the last failed attempt). Server logs strip email addresses, phone numbers, codes and link tokens from every address they record.',
            'A message sent with the contact form on the homepage is emailed to the support team; it is not kept in Nuqat’s database.',
          ],
        },
        {
          id: 'retention',
          title: 'How long it is kept',
          items: [
            'While a store uses Nuqat, its data is kept so balances and history stay exact.',
            'When a store uninstalls Nuqat, nothing is deleted at once: balances, history and settings are kept for ' +
              n(UNINSTALL_GRACE_DAYS) +
              ' days so a store that comes back finds them. A store that stays uninstalled, with no word from Salla, for ' +
              n(UNINSTALL_GRACE_DAYS) +
              ' days has all its data deleted.',
            'When a customer is erased, their name, email, mobile, picture and birthday are removed at once, and so is every copy of them in the orders and events Salla sent, in invitations, in notes on their points, in pending messages and in request counters. What stays has no identity: the points history and totals the store’s accounts depend on.',
            'Sessions end on their own: a store owner’s after ' +
              n(MERCHANT_SESSION_TTL_DAYS) +
              ' days (' +
              n(EMBEDDED_SESSION_TTL_HOURS) +
              ' hours when opened from the Salla dashboard), a customer’s on the loyalty page after ' +
              n(SHOPPER_SESSION_TTL_DAYS) +
              ' days. Signing out ends them at once.',
          ],
        },
        {
          id: 'messages',
          title: 'Emails and text messages',
          paragraphs: [
            'Customers receive sign-in codes they ask for and, when the store turns them on, news about their points: points earned, and reminders ' +
              reminders.join(' and ') +
              ' days before points expire. Every such email has a link that stops them in one click. The record of a sent message keeps no address or number.',
          ],
        },
        {
          id: 'sharing',
          title: 'Who else sees the data',
          items: [
            'Salla, the store’s platform: Nuqat reads orders and customers from Salla and creates the reward coupons there.',
            'The email service that delivers Nuqat’s mail, and the SMS provider (Unifonic) when the store sends codes by text message.',
            'Nobody else. Nuqat does not sell data, does not show advertising and does not build profiles for anyone but the store.',
          ],
        },
        {
          id: 'security',
          title: 'How it is protected',
          paragraphs: [
            'Connections are encrypted (HTTPS). Salla access keys and other secrets are encrypted in the database, passwords and codes are hashed, each store sees only its own customers, and requests are limited to stop guessing.',
          ],
        },
        {
          id: 'rights',
          title: 'Your rights under the PDPL, and how to use them',
          items: [
            'To be told: this page says what is kept, why and for how long.',
            'To access a copy: a customer can see their points, history and coupons on the store’s loyalty page at any time. For a full copy, ask the store: the Customers screen in Nuqat exports everything Nuqat holds about a customer.',
            'To correction: a customer’s name, email and mobile come from their Salla account — correcting them in the store corrects them in Nuqat with the next update Salla sends. Ask the store to correct anything else.',
            'To deletion: ask the store; its Customers screen erases a customer as described above. A store owner deletes their store’s data by uninstalling Nuqat (deleted after ' +
              n(UNINSTALL_GRACE_DAYS) +
              ' days) or by writing to the operator for an earlier deletion.',
            'To object and to withdraw consent: stop points emails with the link in any of them; stop taking part by asking the store to erase your data.',
            'To complain: write to the store or to the operator first (the address below); you may also complain to the Saudi Data & AI Authority (SDAIA), which oversees the PDPL.',
            'Requests are answered within the ' +
              n(30) +
              ' days the PDPL’s regulations allow, usually much sooner.',
          ],
        },
        {
          id: 'changes',
          title: 'Changes to this policy',
          paragraphs: [
            'When what Nuqat stores or how long it keeps it changes, this page changes first, with its date. Stores are told in the back-office of changes that affect their customers.',
          ],
        },
      ],
    },
    terms: {
      title: 'Terms of use',
      intro:
        'These terms apply to stores that install Nuqat from the Salla App Store and to the customers who use a store’s loyalty programme. Using Nuqat means accepting them.',
      sections: [
        {
          id: 'service',
          title: 'The service',
          paragraphs: [
            'Nuqat gives a Salla store a loyalty programme: points for orders and other actions, rewards as Salla coupons, tiers and referrals, a loyalty page for customers and a back-office for the store. Which features a store has depends on its plan.',
          ],
        },
        {
          id: 'subscription',
          title: 'Plans and payment',
          paragraphs: [
            'Plans are bought, renewed and cancelled through the Salla App Store, on Salla’s terms and prices. When a paid period ends without renewal, customers stop earning and redeeming points; balances are kept, and renewing brings the programme back as it was.',
          ],
        },
        {
          id: 'store',
          title: 'The store’s responsibilities',
          items: [
            'Tell customers about its programme’s rules (how points are earned, what they are worth, when they expire) — the loyalty page shows them as the store sets them.',
            'Use customers’ data only for its programme, and answer their privacy requests with the tools Nuqat provides (export and erasure on the Customers screen).',
            'Keep its back-office password secret and not try to reach other stores’ data or overload the service.',
          ],
        },
        {
          id: 'points',
          title: 'Points and rewards',
          items: [
            'Points have no cash value, cannot be sold and can only be used in the store that gave them, on the terms the store set.',
            'Points earned on an order that is cancelled or refunded are taken back. A store may set points to expire; customers are reminded before they do when the store turns reminders on.',
            'A reward is a Salla coupon; Salla applies it at checkout under the coupon’s conditions.',
          ],
        },
        {
          id: 'availability',
          title: 'Availability and liability',
          paragraphs: [
            'Nuqat is run with care and monitored, but the service depends on Salla and may be briefly unavailable. Orders Salla sends while Nuqat is away are processed when it is back. Nuqat is not liable for losses beyond the fees the store paid for the period concerned, except where the law says otherwise.',
          ],
        },
        {
          id: 'ending',
          title: 'Ending the service',
          paragraphs: [
            'A store may uninstall Nuqat at any time; its data is kept for ' +
              n(UNINSTALL_GRACE_DAYS) +
              ' days and then deleted, as the privacy policy explains. Access may be suspended for a store that breaks these terms.',
          ],
        },
        {
          id: 'law',
          title: 'Governing law',
          paragraphs: [
            'These terms are governed by the laws of the Kingdom of Saudi Arabia, and disputes go to its competent courts. If the Arabic and English texts differ, the Arabic text prevails.',
          ],
        },
      ],
    },
  };
}

function arabic(n: Num, reminders: string[]): LegalTexts {
  return {
    chrome: {
      backHome: 'العودة إلى الصفحة الرئيسية',
      privacy: 'سياسة الخصوصية',
      terms: 'شروط الاستخدام',
      lastUpdated: 'آخر تحديث: ' + formatDate(LAST_UPDATED, 'ar'),
      contents: 'في هذه الصفحة',
      operatorTitle: 'من يشغّل نقاط',
      operatorName: 'الشركة',
      operatorCr: 'السجل التجاري',
      operatorAddress: 'العنوان',
      operatorEmail: 'البريد الإلكتروني للخصوصية والشؤون القانونية',
      operatorUnset:
        'لم ينشر مشغّل هذه النسخة بياناته النظامية هنا بعد. تواصل معه عبر المتجر أو عبر بيانات التواصل في الصفحة الرئيسية.',
    },
    privacy: {
      title: 'سياسة الخصوصية',
      intro:
        'تشغّل نقاط برامج الولاء (النقاط والمكافآت والمستويات والإحالات) لمتاجر سلة. توضّح هذه الصفحة ما تحفظه نقاط عن أصحاب المتاجر وعملائهم، ومدة حفظه، ومن يطّلع عليه، وكيف تمارس حقوقك وفق نظام حماية البيانات الشخصية في المملكة العربية السعودية.',
      sections: [
        {
          id: 'roles',
          title: 'من المسؤول عن البيانات',
          paragraphs: [
            'بيانات عملاء المتجر مسؤوليةُ المتجر: فهو من اختار تشغيل برنامج ولائه على نقاط، ونقاط تعالج هذه البيانات نيابةً عنه ولتشغيل البرنامج فقط. أما حسابات أصحاب المتاجر أنفسهم فمسؤوليةُ المشغّل المذكور في آخر هذه الصفحة.',
          ],
        },
        {
          id: 'collected',
          title: 'ما تحفظه نقاط',
          items: [
            'عن أصحاب المتاجر: اسم المتجر وعنوانه في سلة، وبريد المالك الإلكتروني، وكلمة مرور محفوظة بتجزئة أحادية الاتجاه فقط، والباقة، وإعدادات البرنامج. ومفاتيح الوصول التي تمنحها سلة لنقاط للعمل نيابةً عن المتجر محفوظة مشفّرة.',
            'عن العملاء: ما ترسله سلة عنهم وعن طلباتهم — الاسم والبريد الإلكتروني ورقم الجوال وتاريخ الميلاد والصورة متى توفرت لدى المتجر، وأرقام الطلبات وتواريخها ومبالغها وحالاتها — وما يضيفه البرنامج: النقاط المكتسبة والمستخدمة (سجلّ لا يُعاد كتابته)، والقسائم الصادرة، والمستوى، ورموز الإحالة، وبريد الصديق المدعو، واللغة المختارة، وخيارات الإشعارات.',
            'رموز الدخول المرسلة بالبريد أو الرسائل النصية تُحفظ تجزئةً بمفتاح فقط، لا كما كُتبت، وتنتهي بعد ' +
              n(SHOPPER_CODE_TTL_MINUTES) +
              ' دقائق (ورمز استعادة كلمة مرور صاحب المتجر بعد ' +
              n(RESET_CODE_TTL_MINUTES) +
              ' دقيقة).',
            'لا يُحفظ في متصفح العميل شيء سوى ملف تعريف جلسة صفحة الولاء. ولا ترى نقاط بيانات البطاقات البنكية ولا تحفظها.',
            'عدّادات الطلبات التي تمنع إساءة الاستخدام مرتبطة بعنوان الشبكة أو البريد الإلكتروني، وتُحذف فور انتهاء نافذتها الزمنية (وفي أبعد تقدير بعد يوم من آخر محاولة فاشلة). وسجلات الخادم تحذف عناوين البريد وأرقام الجوال والرموز وروابط الدخول من كل عنوان تسجّله.',
            'الرسالة المرسلة من نموذج التواصل في الصفحة الرئيسية تُرسل بالبريد إلى فريق الدعم، ولا تُحفظ في قاعدة بيانات نقاط.',
          ],
        },
        {
          id: 'retention',
          title: 'مدة الحفظ',
          items: [
            'ما دام المتجر يستخدم نقاط تُحفظ بياناته لتبقى الأرصدة والسجل دقيقة.',
            'إذا حذف المتجر نقاط لا يُحذف شيء فورًا: تُحفظ الأرصدة والسجل والإعدادات ' +
              n(UNINSTALL_GRACE_DAYS) +
              ' يومًا ليجدها المتجر إن عاد. والمتجر الذي يبقى محذوفًا دون أي إشعار من سلة ' +
              n(UNINSTALL_GRACE_DAYS) +
              ' يومًا تُحذف بياناته كلها.',
            'عند محو بيانات عميل يُحذف فورًا اسمه وبريده وجواله وصورته وتاريخ ميلاده، وكل نسخة منها في الطلبات والأحداث التي أرسلتها سلة، وفي الدعوات، وفي ملاحظات نقاطه، وفي الرسائل المنتظرة، وفي عدّادات الطلبات. وما يبقى لا هوية فيه: سجل النقاط والمجاميع التي تعتمد عليها حسابات المتجر.',
            'تنتهي الجلسات تلقائيًا: جلسة صاحب المتجر بعد ' +
              n(MERCHANT_SESSION_TTL_DAYS) +
              ' أيام (' +
              n(EMBEDDED_SESSION_TTL_HOURS) +
              ' ساعات عند فتحها من لوحة تحكم سلة)، وجلسة العميل في صفحة الولاء بعد ' +
              n(SHOPPER_SESSION_TTL_DAYS) +
              ' يومًا. وتسجيل الخروج ينهيها فورًا.',
          ],
        },
        {
          id: 'messages',
          title: 'الرسائل البريدية والنصية',
          paragraphs: [
            'يتلقى العملاء رموز الدخول التي يطلبونها، وإذا فعّلها المتجر أخبار نقاطهم: النقاط المكتسبة، وتذكيرًا قبل انتهاء النقاط بـ' +
              reminders.join(' و') +
              ' أيام. وفي كل رسالة من هذه رابط يوقفها بنقرة واحدة. وسجلّ الرسالة المرسلة لا يحفظ عنوانًا ولا رقمًا.',
          ],
        },
        {
          id: 'sharing',
          title: 'من يطّلع على البيانات',
          items: [
            'سلة، منصة المتجر: تقرأ نقاط الطلبات والعملاء من سلة وتنشئ قسائم المكافآت فيها.',
            'خدمة البريد التي توصل رسائل نقاط، ومزوّد الرسائل النصية (يونيفونك) حين يرسل المتجر الرموز برسائل نصية.',
            'لا أحد غيرهم. لا تبيع نقاط البيانات، ولا تعرض إعلانات، ولا تبني ملفات تعريف لأحد غير المتجر.',
          ],
        },
        {
          id: 'security',
          title: 'كيف تُحمى البيانات',
          paragraphs: [
            'الاتصالات مشفّرة (HTTPS)، ومفاتيح سلة وسائر الأسرار مشفّرة في قاعدة البيانات، وكلمات المرور والرموز مجزّأة، ولا يرى كل متجر إلا عملاءه، والطلبات محدودة لمنع التخمين.',
          ],
        },
        {
          id: 'rights',
          title: 'حقوقك وفق نظام حماية البيانات الشخصية وكيف تمارسها',
          items: [
            'حق العلم: هذه الصفحة تبيّن ما يُحفظ ولماذا ولكم من الوقت.',
            'حق الوصول والحصول على نسخة: يرى العميل نقاطه وسجله وقسائمه في صفحة الولاء في المتجر متى شاء. وللحصول على نسخة كاملة اطلبها من المتجر: شاشة العملاء في نقاط تصدّر كل ما تحفظه نقاط عن العميل.',
            'حق التصحيح: الاسم والبريد والجوال مصدرها حساب العميل في سلة — تصحيحها في المتجر يصحّحها في نقاط مع أول تحديث ترسله سلة. ولتصحيح غير ذلك اطلبه من المتجر.',
            'حق الإتلاف: اطلبه من المتجر؛ شاشة العملاء لديه تمحو بيانات العميل كما سبق. ويحذف صاحب المتجر بيانات متجره بحذف تطبيق نقاط (تُحذف بعد ' +
              n(UNINSTALL_GRACE_DAYS) +
              ' يومًا) أو بمراسلة المشغّل لحذفها قبل ذلك.',
            'حق الاعتراض والرجوع عن الموافقة: أوقف رسائل النقاط بالرابط الموجود في أي منها، وأوقف مشاركتك بطلب محو بياناتك من المتجر.',
            'حق الشكوى: راسل المتجر أو المشغّل أولًا (العنوان أدناه)، ولك أن تشتكي إلى الهيئة السعودية للبيانات والذكاء الاصطناعي (سدايا) المختصة بالإشراف على النظام.',
            'نجيب عن الطلبات خلال ' +
              n(30) +
              ' يومًا كما تسمح اللائحة التنفيذية للنظام، وغالبًا قبل ذلك بكثير.',
          ],
        },
        {
          id: 'changes',
          title: 'تغيير هذه السياسة',
          paragraphs: [
            'إذا تغيّر ما تحفظه نقاط أو مدة حفظه تتغير هذه الصفحة أولًا مع تاريخها، ويُبلَّغ المتجر في لوحة التحكم بما يمس عملاءه.',
          ],
        },
      ],
    },
    terms: {
      title: 'شروط الاستخدام',
      intro:
        'تسري هذه الشروط على المتاجر التي تثبّت نقاط من متجر تطبيقات سلة، وعلى العملاء الذين يستخدمون برنامج ولاء المتجر. واستخدام نقاط قبولٌ لها.',
      sections: [
        {
          id: 'service',
          title: 'الخدمة',
          paragraphs: [
            'تمنح نقاط متجر سلة برنامج ولاء: نقاطًا على الطلبات وغيرها، ومكافآت في صورة قسائم سلة، ومستويات وإحالات، وصفحة ولاء للعملاء ولوحة تحكم للمتجر. وتتوقف المزايا المتاحة على باقة المتجر.',
          ],
        },
        {
          id: 'subscription',
          title: 'الباقات والدفع',
          paragraphs: [
            'تُشترى الباقات وتُجدَّد وتُلغى عبر متجر تطبيقات سلة بشروط سلة وأسعارها. وإذا انتهت مدة مدفوعة دون تجديد يتوقف العملاء عن كسب النقاط واستبدالها، وتبقى الأرصدة محفوظة، ويعيد التجديد البرنامج كما كان.',
          ],
        },
        {
          id: 'store',
          title: 'التزامات المتجر',
          items: [
            'أن يعرّف عملاءه بقواعد برنامجه (كيف تُكسب النقاط وقيمتها ومتى تنتهي) — وصفحة الولاء تعرضها كما يضبطها المتجر.',
            'أن يستخدم بيانات عملائه لبرنامجه فقط، وأن يجيب طلبات خصوصيتهم بالأدوات التي توفرها نقاط (التصدير والمحو في شاشة العملاء).',
            'أن يحفظ كلمة مرور لوحة التحكم سرًّا، وألا يحاول الوصول إلى بيانات متاجر أخرى أو إثقال الخدمة.',
          ],
        },
        {
          id: 'points',
          title: 'النقاط والمكافآت',
          items: [
            'ليس للنقاط قيمة نقدية، ولا تُباع، ولا تُستخدم إلا في المتجر الذي منحها وبالشروط التي وضعها.',
            'تُسترد النقاط المكتسبة على طلب أُلغي أو استُرجع. وللمتجر أن يجعل للنقاط مدة صلاحية، ويُذكَّر العملاء قبل انتهائها إذا فعّل المتجر التذكير.',
            'المكافأة قسيمة في سلة، تطبّقها سلة عند الدفع وفق شروط القسيمة.',
          ],
        },
        {
          id: 'availability',
          title: 'توفر الخدمة والمسؤولية',
          paragraphs: [
            'تُشغَّل نقاط بعناية ومراقبة، لكن الخدمة تعتمد على سلة وقد تتوقف لوقت قصير. والطلبات التي ترسلها سلة أثناء التوقف تُعالج عند العودة. ولا تتحمل نقاط خسائر تتجاوز الرسوم التي دفعها المتجر عن المدة المعنية، إلا حيث ينص النظام على خلاف ذلك.',
          ],
        },
        {
          id: 'ending',
          title: 'إنهاء الخدمة',
          paragraphs: [
            'للمتجر أن يحذف نقاط متى شاء؛ تُحفظ بياناته ' +
              n(UNINSTALL_GRACE_DAYS) +
              ' يومًا ثم تُحذف كما توضح سياسة الخصوصية. ويجوز إيقاف وصول متجر يخالف هذه الشروط.',
          ],
        },
        {
          id: 'law',
          title: 'النظام الواجب التطبيق',
          paragraphs: [
            'تخضع هذه الشروط لأنظمة المملكة العربية السعودية، وتختص محاكمها بالنزاعات. وإذا اختلف النص العربي عن الإنجليزي فالمعتمد النص العربي.',
          ],
        },
      ],
    },
  };
}
