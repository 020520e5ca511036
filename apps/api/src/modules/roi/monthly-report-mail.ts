import type { Language, Roi } from '@nuqat/contracts';
import { escapeMailHtml } from '../../lib/mail-layout.ts';
import type { MailMessage } from '../../lib/mailer.ts';

/** The month's own figures, from the insights rollups (the same as /analytics for that month). */
export interface MonthFigures {
  orders: number;
  salesSar: number;
  memberOrders: number;
  memberSalesSar: number;
  pointsEarned: number;
  pointsRedeemed: number;
  couponsUsed: number;
}

// Latin digits in Arabic too, as the dashboard writes them (apps/web/src/lib/format.ts).
const LOCALES: Record<Language, string> = { ar: 'ar-SA-u-nu-latn', en: 'en-US' };

const num = (value: number, language: Language, digits = 0) =>
  new Intl.NumberFormat(LOCALES[language], {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(value);

/** Riyals as the report page writes them ("29,349 ر.س.", "SAR 29,349"); `signed` adds + or −. */
const money = (value: number, language: Language, digits = 0, signed = false) =>
  new Intl.NumberFormat(LOCALES[language], {
    style: 'currency',
    currency: 'SAR',
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
    ...(signed ? { signDisplay: 'exceptZero' as const } : {}),
  }).format(value);

function monthName(month: string, language: Language): string {
  return new Intl.DateTimeFormat(LOCALES[language], {
    month: 'long',
    year: 'numeric',
    calendar: 'gregory',
    timeZone: 'UTC',
  }).format(new Date(`${month}-01T00:00:00Z`));
}

const WORDS = {
  ar: {
    subject: (store: string, m: string) => `تقرير برنامج الولاء لشهر ${m} — ${store}`,
    hello: (store: string) => `مرحبًا ${store}،`,
    intro: (m: string) => `هذه أرقام برنامج نقاط لشهر ${m}.`,
    figures: 'أرقام الشهر',
    orders: 'الطلبات',
    sales: 'المبيعات',
    memberOrders: 'طلبات الأعضاء',
    memberSales: 'مبيعات الأعضاء',
    earned: 'النقاط المكتسبة',
    redeemed: 'النقاط المستبدلة',
    coupons: 'القسائم المستخدمة',
    comparison: 'الأعضاء مقابل المجموعة الضابطة',
    perShopper: 'الإيراد لكل عميل',
    members: 'الأعضاء',
    control: 'المجموعة الضابطة',
    difference: (d: string, lo: string, hi: string) =>
      `الفرق ${d} لكل عميل (فاصل ثقة 95% بطريقة ولش: من ${lo} إلى ${hi}).`,
    tooSmall: 'المجموعتان ما زالتا أصغر من أن تُظهرا فرقًا موثوقًا.',
    roi: (x: string) => `الإيراد الإضافي ÷ التكلفة: ${x}`,
    noControl:
      'لا توجد مجموعة ضابطة في هذا الشهر، لذلك لا يمكن معرفة أثر البرنامج الحقيقي. فيما يلي مقارنة الأعضاء بالزوار كما هي، وليست أثرًا للبرنامج.',
    guests: 'الزوار',
    aov: 'متوسط الطلب',
    link: 'افتح التقرير القابل للطباعة',
    footer:
      'تصلك هذه الرسالة مرة كل شهر لأن متجرك على باقة النمو. يمكنك إيقافها من الإعدادات، في «التقرير الشهري».',
  },
  en: {
    subject: (store: string, m: string) => `Loyalty programme report for ${m} — ${store}`,
    hello: (store: string) => `Hello ${store},`,
    intro: (m: string) => `Here are your Nuqat programme's figures for ${m}.`,
    figures: "The month's figures",
    orders: 'Orders',
    sales: 'Sales',
    memberOrders: "Members' orders",
    memberSales: "Members' sales",
    earned: 'Points earned',
    redeemed: 'Points redeemed',
    coupons: 'Coupons used',
    comparison: 'Members vs the control group',
    perShopper: 'Revenue per customer',
    members: 'Members',
    control: 'Control group',
    difference: (d: string, lo: string, hi: string) =>
      `Difference ${d} per customer (Welch's 95% interval: ${lo} to ${hi}).`,
    tooSmall: 'The groups are still too small to tell a difference reliably.',
    roi: (x: string) => `Incremental revenue ÷ cost: ${x}`,
    noControl:
      "There was no control group this month, so the programme's true effect cannot be known. Members vs guests below is only that comparison, not the programme's effect.",
    guests: 'Guests',
    aov: 'Average order',
    link: 'Open the printable report',
    footer:
      'You receive this once a month because your store is on the Growth plan. You can switch it off in Settings, under “Monthly report”.',
  },
} as const;

/** The monthly report mail to a store's owner, in the owner's language (docs/decisions/050). */
export function monthlyReportMail(input: {
  to: string;
  storeName: string;
  language: Language;
  month: string;
  figures: MonthFigures;
  roi: Roi;
  reportUrl: string;
}): MailMessage {
  const { language: l, figures: f, roi } = input;
  const w = WORDS[l];
  const m = monthName(input.month, l);
  const rows: [string, string][] = [
    [w.orders, num(f.orders, l)],
    [w.sales, money(f.salesSar, l)],
    [w.memberOrders, num(f.memberOrders, l)],
    [w.memberSales, money(f.memberSalesSar, l)],
    [w.earned, num(f.pointsEarned, l)],
    [w.redeemed, num(f.pointsRedeemed, l)],
    [w.coupons, num(f.couponsUsed, l)],
  ];
  const comparison: string[] = [];
  const compareRows: [string, string][] = [];
  if (roi.hasControlGroup && roi.members && roi.control) {
    compareRows.push(
      [`${w.perShopper} — ${w.members}`, money(roi.members.revenuePerShopper ?? 0, l, 2)],
      [`${w.perShopper} — ${w.control}`, money(roi.control.revenuePerShopper ?? 0, l, 2)],
    );
    const d = roi.differences.revenuePerShopper;
    if (d) {
      const sar = (v: number) => money(v, l, 2, true);
      comparison.push(w.difference(sar(d.estimate), sar(d.low), sar(d.high)));
    }
    if (roi.tooSmall) comparison.push(w.tooSmall);
    if (roi.returnOnCost !== null) comparison.push(w.roi(`×${num(roi.returnOnCost, l, 2)}`));
  } else {
    comparison.push(w.noControl);
    const g = roi.membersVsGuests;
    compareRows.push(
      [`${w.members} — ${w.aov}`, g.members.aovSar === null ? '—' : money(g.members.aovSar, l, 2)],
      [`${w.guests} — ${w.aov}`, g.guests.aovSar === null ? '—' : money(g.guests.aovSar, l, 2)],
    );
  }
  const dir = l === 'ar' ? 'rtl' : 'ltr';
  const e = escapeMailHtml;
  const table = (items: [string, string][]) =>
    `<table style="border-collapse:collapse;width:100%;margin:0 0 12px">${items
      .map(
        ([k, v]) =>
          `<tr><td style="padding:4px 0;border-bottom:1px solid #e5e7eb">${e(k)}</td><td dir="ltr" style="padding:4px 0;border-bottom:1px solid #e5e7eb;text-align:${l === 'ar' ? 'left' : 'right'};font-weight:700">${e(v)}</td></tr>`,
      )
      .join('')}</table>`;
  const html = `<!doctype html><html lang="${l}" dir="${dir}"><body style="font-family:Tahoma,Arial,sans-serif;color:#1f2937;max-width:560px;margin:auto;text-align:start"><p>${e(w.hello(input.storeName))}</p><p>${e(w.intro(m))}</p><h3 style="margin:16px 0 8px">${e(w.figures)}</h3>${table(rows)}<h3 style="margin:16px 0 8px">${e(w.comparison)}</h3>${table(compareRows)}${comparison.map((c) => `<p style="margin:0 0 8px">${e(c)}</p>`).join('')}<p style="margin:16px 0"><a href="${e(input.reportUrl)}" style="font-weight:700">${e(w.link)}</a></p><hr><p style="color:#6b7280;font-size:12px">${e(w.footer)}</p><p style="color:#6b7280;font-size:12px">${l === 'ar' ? 'نقاط' : 'Nuqat'}</p></body></html>`;
  const text = [
    w.hello(input.storeName),
    w.intro(m),
    '',
    `${w.figures}:`,
    ...rows.map(([k, v]) => `- ${k}: ${v}`),
    '',
    `${w.comparison}:`,
    ...compareRows.map(([k, v]) => `- ${k}: ${v}`),
    ...comparison,
    '',
    `${w.link}: ${input.reportUrl}`,
    '—',
    w.footer,
    l === 'ar' ? 'نقاط' : 'Nuqat',
  ].join('\n');
  return { to: input.to, subject: w.subject(input.storeName, m), text, html };
}
