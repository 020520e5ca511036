import type { ShopperReferral } from '@nuqat/contracts';
import { useI18n, type TextKey } from '../lib/i18n';
import { referralRewardText, shareLinks, type ShareLink } from '../lib/referral';
import { CopyButton } from './copy-button';
import { Icon, type IconName } from './icons';
import { CARD, buttonClass, cx } from './ui';

const SHARE: Record<ShareLink['id'], { label: TextKey; icon: IconName }> = {
  whatsapp: { label: 'referral.whatsapp', icon: 'message' },
  x: { label: 'referral.x', icon: 'xLogo' },
  email: { label: 'referral.email', icon: 'mail' },
};

export interface InviteCardProps {
  referral: ShopperReferral;
  storeName: string;
}

/**
 * The shopper's own invitation: what a friend gets and what they get per friend, the link to
 * copy or share, and how it did so far.
 */
export function InviteCard({ referral, storeName }: InviteCardProps) {
  const i18n = useI18n();
  const { t, tp, tx } = i18n;
  const friendReward = referralRewardText(referral.referralReward, i18n);
  const yourReward = referralRewardText(referral.participantReward, i18n);
  const links = shareLinks({
    text: t('referral.shareText', {
      store: storeName,
      reward: friendReward,
      link: referral.link,
    }),
    subject: t('referral.shareSubject', { store: storeName }),
  });
  const strong = (text: string) => (
    <strong className="font-semibold text-slate-900 dark:text-white">
      <bdi>{text}</bdi>
    </strong>
  );

  return (
    <section
      aria-labelledby="invite-title"
      className={cx(CARD, 'space-y-4 p-4 sm:p-5')}
      data-testid="invite-card"
    >
      <div className="flex items-start gap-3">
        <span className="grid size-10 shrink-0 place-items-center rounded-full bg-brand-100 text-brand-800 dark:bg-brand-950 dark:text-brand-200">
          <Icon name="userPlus" />
        </span>
        <div className="min-w-0 space-y-1">
          <h2 id="invite-title" className="font-bold text-slate-900 dark:text-white">
            {t('referral.title')}
          </h2>
          <p className="text-sm leading-relaxed text-slate-600 dark:text-slate-300">
            {tx('referral.text', {
              friendReward: strong(friendReward),
              yourReward: strong(yourReward),
            })}
          </p>
        </div>
      </div>

      <div className="space-y-1.5">
        <p className="text-xs font-medium text-slate-600 dark:text-slate-400">
          {t('referral.linkLabel')}
        </p>
        <div className="flex flex-wrap items-start gap-2 rounded-xl bg-slate-50 p-2 ps-3 dark:bg-slate-950">
          <p
            dir="ltr"
            className="min-w-0 flex-1 basis-48 self-center font-mono text-sm break-all text-slate-900 select-all dark:text-slate-100"
            data-testid="invite-link"
          >
            {referral.link}
          </p>
          <CopyButton
            code={referral.link}
            texts={{
              label: t('referral.copyLink'),
              visible: t('referral.copy'),
              copied: t('referral.linkCopied'),
              failed: t('referral.copyFailed'),
            }}
          />
        </div>
      </div>

      <div className="space-y-1.5">
        <p className="text-xs font-medium text-slate-600 dark:text-slate-400">
          {t('referral.shareLabel')}
        </p>
        <ul className="flex flex-wrap gap-2">
          {links.map((link) => {
            const name = t(SHARE[link.id].label);
            return (
              <li key={link.id} className="grow">
                <a
                  href={link.href}
                  target="_blank"
                  rel="noopener"
                  aria-label={t('referral.shareVia', { app: name })}
                  className={buttonClass(
                    'secondary',
                    'w-full hover:bg-slate-50 dark:hover:bg-slate-800',
                    'sm',
                  )}
                >
                  <Icon name={SHARE[link.id].icon} className="size-4 shrink-0" />
                  <span>{name}</span>
                </a>
              </li>
            );
          })}
        </ul>
      </div>

      <ul className="grid gap-2 border-t border-slate-200 pt-3 text-sm text-slate-700 sm:grid-cols-2 dark:border-slate-800 dark:text-slate-200">
        <li className="flex items-center gap-2" data-testid="invite-invited">
          <Icon name="user" className="size-4 shrink-0 text-brand-700 dark:text-brand-300" />
          {tp('referral.invited', referral.invited)}
        </li>
        <li className="flex items-center gap-2" data-testid="invite-rewarded">
          <Icon name="gift" className="size-4 shrink-0 text-brand-700 dark:text-brand-300" />
          {tp('referral.rewarded', referral.rewarded)}
        </li>
      </ul>
    </section>
  );
}
