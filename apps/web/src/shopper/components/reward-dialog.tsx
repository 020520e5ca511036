import { useEffect, useId, useRef, type KeyboardEvent } from 'react';
import type { ShopperReward } from '@nuqat/contracts';
import { useI18n } from '../lib/i18n';
import { exchangeText, type RedeemBlock } from '../lib/redemption';
import { Icon } from './icons';
import { MinOrderLine, RedeemButton, RewardTierLine } from './rewards-panel';
import { ICON_BUTTON, buttonClass } from './ui';

export interface RewardDialogProps {
  reward: ShopperReward;
  /** The reward's details, or the one question before points are spent. */
  mode: 'details' | 'confirm';
  /** The balance now, to say what stays after the redemption. */
  availablePoints: number;
  block: RedeemBlock;
  running: boolean;
  /** Where focus goes back to when the dialog closes (the card's button). */
  opener: HTMLElement | null;
  onClose: () => void;
  /** In details: go on to the confirmation. */
  onAskConfirm: () => void;
  /** In the confirmation: spend the points. */
  onRedeem: () => void;
}

const FOCUSABLE =
  'button:not([disabled]), [href], input:not([disabled]), [tabindex]:not([tabindex="-1"])';

/**
 * Spec §2's details modal: a native modal <dialog> (top layer, the page behind it inert, Escape
 * closes it), with Tab kept inside and focus given back to the opener when it closes.
 */
export function RewardDialog({
  reward,
  mode,
  availablePoints,
  block,
  running,
  opener,
  onClose,
  onAskConfirm,
  onRedeem,
}: RewardDialogProps) {
  const i18n = useI18n();
  const { t, tp } = i18n;
  const confirming = mode === 'confirm';
  const ids = useId();
  const dialog = useRef<HTMLDialogElement>(null);

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (typeof element.showModal === 'function') element.showModal();
    else element.setAttribute('open', '');
    return () => {
      if (typeof element.close === 'function') element.close();
      else element.removeAttribute('open');
      if (opener?.isConnected) opener.focus();
    };
  }, [opener]);

  const keepFocusInside = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab' || !dialog.current) return;
    const focusable = [...dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    // The backdrop click is a pointer shortcut; keyboard users have Escape and the close button.
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <dialog
      ref={dialog}
      aria-labelledby={`${ids}-title`}
      aria-describedby={`${ids}-description`}
      onCancel={(event) => {
        // Escape: React decides when the dialog closes (not while a redemption runs).
        event.preventDefault();
        if (!running) onClose();
      }}
      onKeyDown={keepFocusInside}
      // A tap on the backdrop lands on the <dialog> itself (its content fills the box).
      onClick={(event) => {
        if (event.target === event.currentTarget && !running) onClose();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl border border-slate-200 bg-white p-0 text-slate-900 shadow-2xl dark:border-slate-800 dark:bg-slate-900 dark:text-slate-100"
    >
      <div className="space-y-4 p-5">
        <div className="flex items-start justify-between gap-3">
          <h2 id={`${ids}-title`} className="text-lg font-bold">
            {confirming ? (
              <>
                <span className="block text-sm font-medium text-slate-600 dark:text-slate-400">
                  {t('confirm.title')}
                </span>
                <bdi>{reward.name}</bdi>
              </>
            ) : (
              <bdi>{reward.name}</bdi>
            )}
          </h2>
          <button
            type="button"
            className={`${ICON_BUTTON} -me-2 -mt-2`}
            aria-label={t('rewards.close')}
            disabled={running}
            onClick={onClose}
          >
            <Icon name="x" />
          </button>
        </div>
        {confirming ? (
          <div id={`${ids}-description`} className="space-y-1">
            <p className="text-base font-bold text-brand-900 dark:text-brand-100">
              {exchangeText(reward, i18n)}
            </p>
            <p className="text-sm text-slate-600 dark:text-slate-400">
              {tp('confirm.after', Math.max(0, availablePoints - reward.pointsRequired))}
            </p>
          </div>
        ) : (
          <>
            <p className="inline-flex rounded-full bg-brand-50 px-3 py-1 text-sm font-bold text-brand-800 dark:bg-brand-950 dark:text-brand-200">
              {tp('points', reward.pointsRequired)}
            </p>
            <p id={`${ids}-description`} className="text-sm text-slate-700 dark:text-slate-300">
              <bdi>{reward.description || t('rewards.noDescription')}</bdi>
            </p>
          </>
        )}
        <RewardTierLine reward={reward} />
        <MinOrderLine amount={reward.minOrderAmount} />
        <div className="grid grid-cols-2 gap-2 pt-2">
          <button
            type="button"
            className={buttonClass('secondary')}
            disabled={running}
            onClick={onClose}
          >
            {t('rewards.cancel')}
          </button>
          <RedeemButton
            reward={reward}
            block={block}
            running={running}
            label={confirming ? t('confirm.action') : undefined}
            onRedeem={confirming ? onRedeem : onAskConfirm}
          />
        </div>
      </div>
    </dialog>
  );
}
