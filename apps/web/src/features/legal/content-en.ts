import {
  EMBEDDED_SESSION_TTL_HOURS,
  MERCHANT_SESSION_TTL_DAYS,
  RESET_CODE_TTL_MINUTES,
  SHOPPER_CODE_TTL_MINUTES,
  SHOPPER_SESSION_TTL_DAYS,
  UNINSTALL_GRACE_DAYS,
} from '@nuqat/contracts';
import type { LegalTexts, Num } from './content';

/** The English texts of /privacy and /terms (docs/decisions/044). */
export function english(n: Num, reminders: string[], lastUpdated: string): LegalTexts {
  return {
    chrome: {
      backHome: 'Back to the homepage',
      privacy: 'Privacy policy',
      terms: 'Terms of use',
      lastUpdated: 'Last updated: ' + lastUpdated,
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
            'When what Nuqat stores or how long it keeps it changes, this page changes first, with its date.',
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
