import { useReducer } from 'react';

/** Spec §4: none → email → code → newPassword → none (after a successful reset). */
export type RecoveryStep = 'none' | 'email' | 'code' | 'newPassword';

export interface RecoveryState {
  step: RecoveryStep;
  email: string;
  code: string;
  /** Bumped to remount every form with empty fields when recovery finishes. */
  generation: number;
}

type RecoveryAction =
  | { type: 'start' }
  | { type: 'codeSent'; email: string }
  | { type: 'codeVerified'; code: string }
  | { type: 'back' }
  | { type: 'finish' };

const initialState: RecoveryState = { step: 'none', email: '', code: '', generation: 0 };

const previousStep: Record<RecoveryStep, RecoveryStep> = {
  none: 'none',
  email: 'none',
  code: 'email',
  newPassword: 'code',
};

function reducer(state: RecoveryState, action: RecoveryAction): RecoveryState {
  switch (action.type) {
    case 'start':
      return { ...state, step: 'email' };
    case 'codeSent':
      return { ...state, step: 'code', email: action.email, code: '' };
    case 'codeVerified':
      return { ...state, step: 'newPassword', code: action.code };
    case 'back':
      return { ...state, step: previousStep[state.step], code: '' };
    case 'finish':
      return { ...initialState, generation: state.generation + 1 };
  }
}

export function useRecoveryFlow() {
  const [state, dispatch] = useReducer(reducer, initialState);
  return {
    state,
    start: () => dispatch({ type: 'start' }),
    codeSent: (email: string) => dispatch({ type: 'codeSent', email }),
    codeVerified: (code: string) => dispatch({ type: 'codeVerified', code }),
    back: () => dispatch({ type: 'back' }),
    finish: () => dispatch({ type: 'finish' }),
  };
}
