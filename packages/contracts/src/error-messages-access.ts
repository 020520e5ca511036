import type { ErrorCode, LocalizedText } from './errors.ts';

/** What a person is told of requests, access, sessions, Salla and the platform's own limits (the catalogue: errors.ts). */
export const ACCESS_MESSAGES = {
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
  SUBSCRIPTION_INACTIVE: {
    ar: 'استبدال النقاط متوقف مؤقتًا في هذا المتجر، نقاطك محفوظة',
    en: 'Redeeming points is paused in this store for now. Your points are safe.',
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
} satisfies Partial<Record<ErrorCode, LocalizedText>>;
