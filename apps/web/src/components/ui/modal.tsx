import type { ReactNode } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cn } from '../../lib/cn';
import { buttonClasses } from './button';

export interface ModalProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  size?: 'sm' | 'md' | 'lg';
  /** 'alertdialog' for confirmations that interrupt the merchant. */
  role?: 'dialog' | 'alertdialog';
  /** Stops closing (Escape, outside click, the close button) while something is saving. */
  busy?: boolean;
  testId?: string;
}

const sizes = { sm: 'max-w-md', md: 'max-w-lg', lg: 'max-w-2xl' } as const;

/**
 * A centred dialog on a scrollable overlay: long forms scroll as a whole on a phone, and the
 * centring uses no physical offsets, so it is the same in Arabic and English.
 */
export function Modal({
  open,
  onOpenChange,
  title,
  description,
  children,
  size = 'md',
  role = 'dialog',
  busy = false,
  testId,
}: ModalProps) {
  const { t } = useTranslation();
  const change = (next: boolean) => {
    if (!next && busy) return;
    onOpenChange(next);
  };
  return (
    <Dialog.Root open={open} onOpenChange={change}>
      <Dialog.Portal>
        <Dialog.Overlay className="drawer-overlay fixed inset-0 z-40 grid place-items-center overflow-y-auto bg-slate-950/50 p-3 backdrop-blur-[2px] sm:p-6">
          <Dialog.Content
            role={role}
            data-testid={testId}
            className={cn(
              'relative w-full rounded-2xl border border-slate-200 bg-white shadow-2xl focus:outline-none dark:border-slate-800 dark:bg-slate-900',
              sizes[size],
            )}
            // Radix warns about a dialog without a description unless this is said explicitly.
            {...(description ? {} : { 'aria-describedby': undefined })}
          >
            <div className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4 dark:border-slate-800">
              <div className="min-w-0 space-y-1">
                <Dialog.Title className="text-lg font-bold text-slate-900 dark:text-white">
                  {title}
                </Dialog.Title>
                {description ? (
                  <Dialog.Description className="text-sm leading-relaxed text-slate-600 dark:text-slate-400">
                    {description}
                  </Dialog.Description>
                ) : null}
              </div>
              <Dialog.Close
                aria-label={t('dialog.close')}
                disabled={busy}
                className={buttonClasses({
                  variant: 'ghost',
                  size: 'icon',
                  className: '-me-2 shrink-0',
                })}
              >
                <X aria-hidden="true" className="size-5" />
              </Dialog.Close>
            </div>
            <div className="px-5 py-5">{children}</div>
          </Dialog.Content>
        </Dialog.Overlay>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
