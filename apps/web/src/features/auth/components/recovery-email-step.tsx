import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { Send } from 'lucide-react';
import { ForgotPasswordRequestSchema, type ForgotPasswordRequest } from '@nuqat/contracts';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { errorMessage, type Message } from '../../../lib/messages';
import { formSchemaOptions, useValidationText } from '../../../lib/validation';
import { useRequestResetCode } from '../api/forgot-password';
import { StepBackButton } from './step-back-button';

export interface RecoveryEmailStepProps {
  defaultEmail: string;
  onSent: (email: string) => void;
  onError: (message: Message | null) => void;
  onBack: () => void;
}

export function RecoveryEmailStep({
  defaultEmail,
  onSent,
  onError,
  onBack,
}: RecoveryEmailStepProps) {
  const { t } = useTranslation('auth');
  const validationText = useValidationText();
  const requestCode = useRequestResetCode();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(ForgotPasswordRequestSchema, formSchemaOptions),
    defaultValues: { email: defaultEmail },
  });

  const submit = handleSubmit(async (input: ForgotPasswordRequest) => {
    onError(null);
    try {
      await requestCode.mutateAsync(input);
      onSent(input.email);
    } catch (error) {
      onError(errorMessage(error, { fallback: { key: 'auth:recovery.messages.sendFailed' } }));
    }
  });

  return (
    <form data-testid="recovery-email" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset disabled={isSubmitting} className="space-y-5">
        <Field
          id="recovery-email-input"
          label={t('recovery.email.label')}
          error={validationText(errors.email?.message)}
        >
          {({ describedBy, invalid }) => (
            <Input
              id="recovery-email-input"
              type="email"
              dir="ltr"
              autoComplete="email"
              inputMode="email"
              placeholder={t('login.emailPlaceholder')}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              className="rtl:text-end"
              {...register('email')}
            />
          )}
        </Field>
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          {isSubmitting ? null : <Send aria-hidden="true" className="size-5 rtl:-scale-x-100" />}
          {t('recovery.email.submit')}
        </Button>
        <StepBackButton onClick={onBack}>{t('recovery.email.back')}</StepBackButton>
      </fieldset>
    </form>
  );
}
