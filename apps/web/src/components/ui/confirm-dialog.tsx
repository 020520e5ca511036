import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Message } from '../../lib/messages';
import { Button } from './button';
import { ActionError } from './action-error';
import { Modal } from './modal';

export interface ConfirmDialogProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: ReactNode;
  description: ReactNode;
  confirmLabel: string;
  /** The safe choice; "Cancel" unless that would read like the action itself. */
  cancelLabel?: string;
  onConfirm: () => void;
  pending?: boolean;
  error?: Message | null;
  errorDetail?: Message | null;
  tone?: 'danger' | 'primary';
}

/** "Are you sure?" as an alertdialog: the safe choice is first and takes the focus. */
export function ConfirmDialog({
  open,
  onOpenChange,
  title,
  description,
  confirmLabel,
  cancelLabel,
  onConfirm,
  pending = false,
  error = null,
  errorDetail = null,
  tone = 'danger',
}: ConfirmDialogProps) {
  const { t } = useTranslation();
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      title={title}
      description={description}
      size="sm"
      role="alertdialog"
      busy={pending}
    >
      <ActionError message={error} detail={errorDetail} className="mb-4" />
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={pending}>
          {cancelLabel ?? t('dialog.cancel')}
        </Button>
        <Button
          variant={tone === 'danger' ? 'danger' : 'primary'}
          onClick={onConfirm}
          loading={pending}
          disabled={pending}
        >
          {confirmLabel}
        </Button>
      </div>
    </Modal>
  );
}
