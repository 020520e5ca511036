import {
  createContext,
  useCallback,
  useContext,
  useEffect,
  useRef,
  useState,
  type ReactNode,
} from 'react';
import * as Toast from '@radix-ui/react-toast';
import { CircleCheck, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { UI_TIMING } from '@nuqat/contracts';
import { hostChrome } from '../../lib/host';
import { useMessageText, type Message } from '../../lib/messages';

/** A toast may offer one way back (Undo), which keeps it on screen longer. */
export interface ToastAction {
  label: Message;
  onClick: () => void;
}

type ShowToast = (message: Message, options?: { action?: ToastAction }) => void;

const ToastContext = createContext<ShowToast | null>(null);

interface QueuedToast {
  id: number;
  message: Message;
  action?: ToastAction | undefined;
}

/** Long enough to read the note and reach its button. */
const ACTION_TOAST_MS = 8000;

let nextId = 1;

/**
 * Success notes that leave by themselves after 3 s (spec §9); failures are shown where they happen.
 * They appear at the top, under the header: the buttons they report on sit in forms and at the
 * foot of dialogs and cards, which a toast at the bottom of a phone covered. Inside the Salla
 * dashboard a plain note is Salla's own toast; one with a way back (Undo) stays here, as Salla's
 * toasts have no button.
 */
export function ToastProvider({ children }: { children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const text = useMessageText();
  const textRef = useRef(text);
  useEffect(() => {
    textRef.current = text;
  });
  const [toasts, setToasts] = useState<QueuedToast[]>([]);
  const show = useCallback<ShowToast>((message, options) => {
    const host = hostChrome();
    if (host && !options?.action) {
      host.toast('success', textRef.current(message));
      return;
    }
    const id = nextId++;
    setToasts((current) => [...current.slice(-2), { id, message, action: options?.action }]);
  }, []);
  const remove = (id: number) => setToasts((current) => current.filter((toast) => toast.id !== id));

  return (
    <Toast.Provider
      duration={UI_TIMING.toastMs}
      swipeDirection={i18n.dir() === 'rtl' ? 'left' : 'right'}
      label={t('toast.label')}
    >
      <ToastContext.Provider value={show}>{children}</ToastContext.Provider>
      {toasts.map((toast) => (
        <Toast.Root
          key={toast.id}
          data-testid="toast"
          {...(toast.action ? { duration: ACTION_TOAST_MS } : {})}
          onOpenChange={(open) => {
            if (!open) remove(toast.id);
          }}
          className="flex items-start gap-3 rounded-xl border border-emerald-200 bg-white px-4 py-3 text-sm font-medium text-emerald-900 shadow-lg dark:border-emerald-900/60 dark:bg-slate-900 dark:text-emerald-100"
        >
          <CircleCheck
            aria-hidden="true"
            className="mt-0.5 size-5 shrink-0 text-emerald-600 dark:text-emerald-400"
          />
          <Toast.Title className="flex-1">{text(toast.message)}</Toast.Title>
          {toast.action ? (
            <Toast.Action
              altText={text(toast.action.label)}
              onClick={toast.action.onClick}
              className="-my-1 inline-flex min-h-9 shrink-0 items-center rounded-lg px-3 font-semibold text-brand-700 hover:bg-brand-50 focus-visible:outline-2 focus-visible:outline-brand-600 dark:text-brand-300 dark:hover:bg-brand-500/15"
            >
              {text(toast.action.label)}
            </Toast.Action>
          ) : null}
          <Toast.Close
            aria-label={t('toast.close')}
            className="-m-1 inline-flex size-7 shrink-0 items-center justify-center rounded-lg text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600 dark:hover:bg-slate-800"
          >
            <X aria-hidden="true" className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        label={t('toast.region')}
        className="fixed inset-x-0 top-16 z-[60] m-0 flex list-none flex-col gap-2 p-4 outline-none sm:inset-x-auto sm:end-0 sm:w-96"
      />
    </Toast.Provider>
  );
}

export function useToast(): ShowToast {
  const show = useContext(ToastContext);
  if (!show) throw new Error('useToast needs a ToastProvider above it');
  return show;
}
