import { useState } from 'react';
import type { CustomerLoyaltyData } from '@nuqat/contracts';
import { useI18n } from '../lib/i18n';
import { Icon } from './icons';
import { ICON_BUTTON, buttonClass, cx } from './ui';

export interface ProfileHeaderProps {
  customer: CustomerLoyaltyData['customer'];
  refreshing: boolean;
  onRefresh: () => void;
  onLogout: () => void;
}

/** Spec §2: avatar or icon, full name, e-mail or mobile; refresh and logout. */
export function ProfileHeader({ customer, refreshing, onRefresh, onLogout }: ProfileHeaderProps) {
  const { t } = useI18n();
  // An avatar that fails (blocked, gone) falls back to the icon instead of a broken image.
  const [avatarFailed, setAvatarFailed] = useState(false);
  const contact = customer.email || customer.mobile;
  return (
    <section className="flex items-center gap-3">
      {customer.avatar && !avatarFailed ? (
        <img
          src={customer.avatar}
          alt=""
          width={48}
          height={48}
          referrerPolicy="no-referrer"
          onError={() => setAvatarFailed(true)}
          className="size-12 shrink-0 rounded-full bg-slate-200 object-cover dark:bg-slate-800"
        />
      ) : (
        <span className="grid size-12 shrink-0 place-items-center rounded-full bg-brand-50 text-brand-700 dark:bg-brand-950 dark:text-brand-300">
          <Icon name="user" className="size-6" />
        </span>
      )}
      <div className="min-w-0 flex-1">
        <h2 className="truncate font-bold text-slate-900 dark:text-white">{customer.fullName}</h2>
        {contact ? (
          // Left to right as a whole, so a long address loses its end, not its start.
          <p dir="ltr" className="truncate text-sm text-slate-600 rtl:text-end dark:text-slate-400">
            {contact}
          </p>
        ) : null}
      </div>
      <button
        type="button"
        className={ICON_BUTTON}
        aria-label={t('profile.refresh')}
        title={t('profile.refresh')}
        disabled={refreshing}
        onClick={onRefresh}
      >
        <Icon name="refresh" className={cx('size-5', refreshing && 'animate-spin')} />
      </button>
      {/* Icon only on a phone (the name needs the room), with its text from the sm breakpoint. */}
      <button
        type="button"
        className={buttonClass('secondary', undefined, 'icon')}
        title={t('profile.logout')}
        onClick={onLogout}
      >
        <Icon name="logOut" className="size-5 rtl:-scale-x-100" />
        <span className="sr-only sm:not-sr-only">{t('profile.logout')}</span>
      </button>
    </section>
  );
}
