import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { KeyRound } from 'lucide-react';
import { z } from 'zod';
import { NewPasswordSchema, PASSWORD_MIN_LENGTH } from '@nuqat/contracts';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { PasswordInput } from '../../../components/ui/password-input';
import { errorMessage, type Message } from '../../../lib/messages';
import { formSchemaOptions, useValidationText } from '../../../lib/validation';
import { useResetPassword } from '../api/reset-password';
import { StepBackButton } from './step-back-button';

const NewPasswordFormSchema = z
  .object({ newPassword: NewPasswordSchema, confirmPassword: z.string().trim() })
  .refine((values) => values.newPassword === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'auth:recovery.password.mismatch',
  });

export interface RecoveryPasswordStepProps {
  email: string;
  code: string;
  /** True while the screen waits to return to the login form. */
  done: boolean;
  onUpdated: () => void;
  onError: (message: Message | null) => void;
  onBack: () => void;
}

export function RecoveryPasswordStep({
  email,
  code,
  done,
  onUpdated,
  onError,
  onBack,
}: RecoveryPasswordStepProps) {
  const { t } = useTranslation('auth');
  const validationText = useValidationText();
  const reset = useResetPassword();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(NewPasswordFormSchema, formSchemaOptions),
    defaultValues: { newPassword: '', confirmPassword: '' },
  });

  const submit = handleSubmit(async ({ newPassword }) => {
    onError(null);
    try {
      await reset.mutateAsync({ email, code, newPassword });
      onUpdated();
    } catch (error) {
      onError(errorMessage(error, { fallback: { key: 'auth:recovery.messages.resetFailed' } }));
    }
  });

  return (
    <form data-testid="recovery-password" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset disabled={isSubmitting || done} className="space-y-5">
        <Field
          id="recovery-new-password"
          label={t('recovery.password.newPassword')}
          hint={t('recovery.password.hint', { min: PASSWORD_MIN_LENGTH })}
          error={validationText(errors.newPassword?.message)}
        >
          {({ describedBy, invalid }) => (
            <PasswordInput
              id="recovery-new-password"
              autoComplete="new-password"
              showLabel={t('login.showPassword')}
              hideLabel={t('login.hidePassword')}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('newPassword')}
            />
          )}
        </Field>
        <Field
          id="recovery-confirm-password"
          label={t('recovery.password.confirmPassword')}
          error={validationText(errors.confirmPassword?.message)}
        >
          {({ describedBy, invalid }) => (
            <PasswordInput
              id="recovery-confirm-password"
              autoComplete="new-password"
              showLabel={t('login.showPassword')}
              hideLabel={t('login.hidePassword')}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('confirmPassword')}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          {isSubmitting ? null : <KeyRound aria-hidden="true" className="size-5" />}
          {t('recovery.password.submit')}
        </Button>
        <StepBackButton onClick={onBack}>{t('recovery.password.back')}</StepBackButton>
      </fieldset>
    </form>
  );
}
