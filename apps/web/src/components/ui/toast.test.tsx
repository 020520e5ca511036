import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, expect, test, vi } from 'vitest';
import { UI_TIMING } from '@nuqat/contracts';
import { ToastProvider, useToast } from './toast';

// How long a toast stays is counted on a fake clock, never timed (issue 25).

function Trigger({ withAction = false }: { withAction?: boolean }) {
  const toast = useToast();
  return (
    <button
      type="button"
      onClick={() =>
        toast(
          { key: 'merchant:expiry.saved' },
          withAction
            ? { action: { label: { key: 'loyalty:methods.undo' }, onClick: () => {} } }
            : {},
        )
      }
    >
      show
    </button>
  );
}

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
});
afterEach(() => {
  vi.useRealTimers();
});

function showToast(withAction = false) {
  render(
    <ToastProvider>
      <Trigger withAction={withAction} />
    </ToastProvider>,
  );
  fireEvent.click(screen.getByRole('button', { name: 'show' }));
  expect(screen.getByTestId('toast')).toBeInTheDocument();
}

test(`a success toast leaves by itself after ${UI_TIMING.toastMs} ms (spec §9), not before`, () => {
  showToast();
  act(() => void vi.advanceTimersByTime(UI_TIMING.toastMs - 1));
  expect(screen.getByTestId('toast')).toBeInTheDocument();
  act(() => void vi.advanceTimersByTime(1));
  expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
});

test('a toast with a way back (Undo) stays longer, long enough to reach its button', () => {
  showToast(true);
  act(() => void vi.advanceTimersByTime(UI_TIMING.toastMs + 1000));
  expect(screen.getByTestId('toast')).toBeInTheDocument();
  act(() => void vi.advanceTimersByTime(8000));
  expect(screen.queryByTestId('toast')).not.toBeInTheDocument();
});
