import type { Catalogue } from '../lib/i18n';

/** The loyalty page's English texts: the keys of ar.ts, plurals by `Intl.PluralRules('en')`. */
export const en: Catalogue = {
  'page.title': 'Loyalty programme',
  'page.documentTitle': 'Loyalty programme | Nuqat',
  'page.description':
    "The store's loyalty programme: your points balance, the rewards you exchange for discount coupons, the ways to earn points and your points history.",

  'states.loading': 'Loading…',
  'states.retry': 'Try again',

  'errors.noStore': 'The store could not be determined. Open this page from the store.',
  'errors.invalidResponse': 'Invalid server response.',
  'errors.loadFailed': 'The loyalty programme could not be loaded. Please try again.',
  'errors.notFound': 'Customer data was not found. Make sure you are logged in.',
  'errors.refreshFailed': 'The data could not be refreshed. Please try again.',
  'errors.redeemFailed': 'The reward could not be redeemed. Please try again.',
  'errors.cancelFailed': 'The coupon could not be cancelled. Please try again.',
  'errors.network': 'No response from the server. Please check your internet connection.',
  'errors.timeout': 'The server took longer than usual. Please try again.',
  'errors.requestCodeFailed': 'The sign-in code could not be sent. Please try again.',
  'errors.verifyFailed': 'The code could not be checked. Please try again.',
  'errors.emailInvalid': 'Enter a valid email address.',
  'errors.sessionEnded': 'Your session has ended. Please sign in again.',
  'errors.copyFailed': 'Copying failed. Select the code and copy it yourself.',

  'signIn.title': 'You must log in to reach the loyalty programme',
  'signIn.intro':
    'Enter the email address you use in this store and we will send you a 6-digit sign-in code.',
  'signIn.email': 'Email',
  'signIn.sendCode': 'Send sign-in code',
  'signIn.codeSentTo': 'Enter the 6-digit code we sent to {{email}}.',
  'signIn.code': 'Sign-in code',
  'signIn.codeHint': '6 digits, valid for 10 minutes.',
  'signIn.verify': 'Sign in',
  'signIn.resend': 'Send the code again',
  'errors.mobileInvalid': 'Enter a valid mobile number, such as 05x xxx xxxx.',
  'signIn.introMobile':
    'Enter the mobile number registered with the store, and we will text you a 6-digit sign-in code.',
  'signIn.mobile': 'Mobile number',
  'signIn.via': 'Get the code by',
  'signIn.viaEmail': 'Email',
  'signIn.viaSms': 'Mobile (SMS)',
  'signIn.smsUnavailable':
    'Text messages are not available for this store: sign in with your email.',
  'signIn.changeMobile': 'Change mobile number',
  'signIn.useEmail': 'Use email instead',
  'signIn.changeEmail': 'Change email',

  'profile.refresh': 'Refresh',
  'profile.logout': 'Log out',

  'balance.label': 'Your points',
  'balance.expiring': {
    one: '{{count}} point expires on {{date}}',
    other: '{{count}} points expire on {{date}}',
  },

  'balance.owed': { one: 'You owe {{count}} point', other: 'You owe {{count}} points' },
  'balance.owedHint':
    'Orders were cancelled or refunded after you had spent their points, so these points come out of your next points before any reach your balance.',
  'balance.pending': { one: '{{count}} pending point', other: '{{count}} pending points' },
  'balance.pendingHint': "An order's points are spendable once it reaches {{statuses}}.",
  'balance.pendingHintHold':
    "An order's points are spendable {{days}} days after it reaches {{statuses}}.",
  'balance.or': ' or ',

  points: { one: '{{count}} point', other: '{{count}} points' },
  'points.unit': { one: 'point', other: 'points' },

  'heldOut.title': 'Not available on your account yet',
  'heldOut.body': 'The programme is not available on your account yet. You can shop as usual.',
  'redeemOff.title': 'Redeeming is paused',
  'redeemOff.PROGRAMME_PAUSED':
    'The store has paused its loyalty programme, so points cannot be redeemed right now. Your points are safe in your balance.',
  'redeemOff.SUBSCRIPTION_INACTIVE':
    "The store's loyalty subscription is not active, so points cannot be redeemed right now. Your points are safe in your balance.",
  'redeemOff.STORE_NEEDS_REINSTALL':
    'The store needs to reconnect its loyalty programme, so points cannot be redeemed right now. Your points are safe in your balance.',
  'redeemOff.unknown':
    'Points cannot be redeemed in this store right now. Your points are safe in your balance.',

  'tabs.label': 'Loyalty programme sections',
  'tabs.rewards': 'Rewards',
  'tabs.earn': 'Ways to earn',
  'tabs.history': 'History',

  'rewards.empty': 'This store has no rewards available right now.',
  'rewards.details': 'Details',
  'rewards.redeem': 'Redeem',
  'rewards.redeeming': 'Redeeming…',
  'rewards.insufficient': 'Insufficient points',
  'rewards.outOfStock': 'Out of stock',
  'rewards.unavailable': 'Not available now',
  'rewards.noDescription': 'This reward has no description.',
  'rewards.minOrder': 'For orders of {{amount}} or more',
  'rewards.cancel': 'Cancel',
  'rewards.close': 'Close',

  'earn.empty': 'This store has no ways to earn points right now.',
  'estimate.title': 'How many points will you earn?',
  'estimate.amount': 'Your purchase (SAR)',
  'estimate.hint': 'The amount after discounts, without shipping and VAT.',
  'estimate.result': { one: "You'll earn {{count}} point", other: "You'll earn {{count}} points" },
  'estimate.none': 'This amount earns no points yet.',
  'estimate.invalid': 'Enter an amount in digits, such as 250.',
  'estimate.note':
    'An estimate: the points are counted on the order itself and show as pending until it is complete.',

  'history.empty': 'No points in your history yet. Shop in the store to start collecting them.',
  'history.showAll': 'Show the full history ({{count}})',
  'history.redeemedFor': 'Points exchanged for "{{name}}"',
  'history.earned': 'Earned',
  'history.owed': 'owed',
  'history.redeemed': 'Redeemed',
  'history.refund': 'Taken back for a refund or cancellation',
  'history.expired': 'Expired',
  'history.adjusted': 'Adjusted by the store',

  'coupons.title': 'My coupons',
  'coupons.copy': 'Copy',
  'coupons.copyCode': 'Copy coupon code {{code}}',
  'coupons.copied': 'Coupon code copied.',
  'coupons.expires': 'Valid until {{date}}',
  'coupons.noCode': 'The code is being issued',
  'coupons.status.pending': 'Being issued',
  'coupons.status.issued': 'Active',
  'coupons.status.used': 'Used',
  'coupons.status.expired': 'Expired',
  'coupons.status.failed': 'Not issued',
  'coupons.status.cancelled': 'Cancelled by the store (points returned)',
  'coupons.status.withdrawn': 'Withdrawn: the orders whose points bought it were cancelled',
  'coupons.status.cancelledByYou': 'Cancelled by you (points returned)',
  'coupons.cancel': 'Cancel and get my points back',
  'coupons.cancelConfirm': 'Cancel this coupon? {{points}} come back to your balance.',
  'coupons.cancelYes': 'Yes, cancel it',
  'coupons.cancelNo': 'Keep it',
  'coupons.cancelDone': 'Coupon cancelled: {{points}} are back in your balance.',

  'redeem.successTitle': 'You redeemed your points for "{{name}}"',
  'redeem.codeLabel': 'Coupon code',
  'redeem.emailNote': 'The coupon is also on its way to your email.',
  'redeem.dismiss': 'Hide',

  'referral.title': 'Invite friends — a gift for each of you',
  'referral.text':
    'Your friend gets a coupon for {{friendReward}}, and you get a coupon for {{yourReward}} for each friend whose first order completes.',
  'referral.linkLabel': 'Your invitation link',
  'referral.copy': 'Copy link',
  'referral.copyLink': 'Copy the invitation link',
  'referral.linkCopied': 'Invitation link copied.',
  'referral.copyFailed': 'Copying failed. Select the link and copy it yourself.',
  'referral.shareLabel': 'Share your link',
  'referral.shareVia': 'Share on {{app}}',
  'referral.whatsapp': 'WhatsApp',
  'referral.x': 'X',
  'referral.email': 'Email',
  'referral.shareSubject': 'A gift for you from {{store}}',
  'referral.shareText':
    'A gift for you from {{store}}: a coupon for {{reward}}. Claim it with my invitation link: {{link}}',
  'referral.invited': {
    one: '{{count}} friend joined through your link',
    other: '{{count}} friends joined through your link',
  },
  'referral.rewarded': {
    one: '{{count}} reward earned',
    other: '{{count}} rewards earned',
  },
  'referral.reward.fixed': '{{amount}} off',
  'referral.reward.percentage': '{{percent}}% off (up to {{cap}})',
  'referral.reward.shipping': 'free shipping',

  'gift.title': 'Your friend sent you a gift',
  'gift.text': 'A coupon for {{reward}} at {{store}}.',
  'gift.ask': 'Enter your email and we will send it to you.',
  'gift.email': 'Your email',
  'gift.emailHint': 'The coupon code goes to this address only.',
  'gift.claim': 'Send me the gift',
  'gift.sent': 'Your coupon was sent to {{sentTo}}',
  'gift.sentDetails': 'A coupon for {{reward}}, valid until {{date}}.',
  'gift.claimFailed': 'The gift could not be sent. Please try again.',
  'gift.invalid': 'The invitation link you came from is not valid.',

  'notice.dismiss': 'Dismiss',

  'rewards.locked': 'Locked',
  'rewards.lockedFor': 'For {{name}} tier and above',
  'rewards.reservedFor': 'Reserved for {{name}} and above',

  'tier.label': 'Your tier',
  'tier.noneYet': 'No tier yet',
  'tier.valueSpend12': 'Your purchases in the last 12 months: {{amount}} SAR',
  'tier.valueSpendLifetime': 'Your purchases since you joined: {{amount}} SAR',
  'tier.valuePoints12': 'Points you earned in the last 12 months: {{amount}}',
  'tier.valuePointsLifetime': 'Points you earned since you joined: {{amount}}',
  'tier.perks': 'Your tier’s perks',
  'tier.perkMultiplier': '{{multiplier}} points on everything you earn',
  'tier.perkBirthday': '{{multiplier}} birthday points',
  'tier.perkRewards': 'Rewards for your tier: {{names}}',
  'tier.and': ', ',
  'tier.grace':
    'Your counted total is below {{name}}’s threshold. You keep your tier until {{date}}; reach the threshold again before then to stay.',
  'tier.toNextSpend': '{{amount}} SAR more to {{name}}',
  'tier.toNextPoints': {
    one: '1 more point to {{name}}',
    other: '{{count}} more points to {{name}}',
  },
  'tier.top': 'You are in the top tier. Enjoy its perks.',
  'tier.ladder': 'Tiers',
  'tier.from': 'From {{amount}}',
  'tier.sar': '{{amount}} SAR',
  'tier.here': 'you are here',
  'welcome.title': 'Collect points, turn them into rewards',
  'welcome.text': 'Sign in to the store to see your points and exchange them for discount coupons.',
  'welcome.signIn': 'Sign in',
  'welcome.useCode': 'Sign in with a code by email instead',
  'welcome.storeSignedIn':
    'You are signed in to the store. One more step: a code sent to your email.',
  'welcome.storeSignedInMobile':
    'You are signed in to the store. One step left: a code texted to your mobile.',

  'programme.label': "The store's loyalty programme",
  'programme.rewards': 'Rewards',
  'programme.earn': 'Ways to earn points',
  'programme.tiers': 'Membership tiers',
  'programme.tiersIntro': 'The more you shop, the higher your tier and the more points you earn.',

  'rewards.toGo': { one: '{{count}} point to go', other: '{{count}} points to go' },
  'rewards.progress': 'Your progress to "{{name}}"',

  'confirm.title': 'Confirm your reward',
  'confirm.fixed_discount': '{{points}} for a {{amount}} coupon',
  'confirm.percentage_discount': '{{points}} for a {{percent}}% off coupon',
  'confirm.free_shipping': '{{points}} for a free shipping coupon',
  'confirm.cashback': '{{points}} for a {{amount}} cashback coupon',
  'confirm.free_product': '{{points}} for a free product coupon',
  'confirm.after': {
    one: '{{count}} point stays in your balance',
    other: '{{count}} points stay in your balance',
  },
  'confirm.action': 'Confirm',

  'coupons.fromReferral': 'From a referral',

  'cart.apply': 'Apply to my cart',
  'cart.applyCode': 'Apply coupon {{code}} to my cart',
  'cart.applying': 'Applying…',
  'cart.applied': 'Applied to your cart. The discount shows in your cart and at checkout.',
  'cart.refused': 'Your cart did not accept this coupon: {{reason}}',
  'cart.refusedNoReason': 'Your cart did not accept this coupon.',
  'cart.minOrderHint':
    'This coupon needs an order of {{amount}} or more: add to your cart, then tap "Apply to my cart" again.',
  'cart.retryHint':
    'Check your cart and try again, or enter the code in the coupon field at checkout.',
  'cart.unavailable':
    'The cart did not answer. Copy the code and enter it in the coupon field at checkout.',
  'campaign.label': 'Running campaigns',
  'campaign.double': 'Double points until {{end}}',
  'campaign.multiplier': '{{multiplier}} points until {{end}}',
  'campaign.bonus': '+{{points}} bonus points per order until {{end}}',
  'campaign.products': '{{multiplier}} points on chosen products until {{end}}',
  'campaign.categories': '{{multiplier}} points on {{categories}} until {{end}}',
  'campaign.chosenProducts': 'chosen products',
  'campaign.conditions': 'Conditions apply',
  'footer.privacy': 'Privacy policy',
  'cart.manual':
    'To use it, copy the code and enter it in the coupon field of your cart at checkout.',
};
