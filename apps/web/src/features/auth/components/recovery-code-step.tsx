import { Controller, useForm, useWatch } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { ShieldCheck } from 'lucide-react';
import { z } from 'zod';
import { RESET_CODE_LENGTH, ResetCodeSchema } from '@nuqat/contracts';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { errorMessage, type Message } from '../../../lib/messages';
import { formSchemaOptions, useValidationText } from '../../../lib/validation';
import { useVerifyResetCode } from '../api/verify-reset-code';
import { StepBackButton } from './step-back-button';

const CodeFormSchema = z.object({ code: ResetCodeSchema });

/**
 * Keeps digits only (Arabic-Indic and Persian digits typed on an Arabic keyboard become 0-9)
 * and at most RESET_CODE_LENGTH of them.
 */
export function normaliseCodeInput(value: string): string {
  return value
    .replace(/[\u0660-\u0669]/g, (digit) => String(digit.charCodeAt(0) - 0x0660))
    .replace(/[\u06f0-\u06f9]/g, (digit) => String(digit.charCodeAt(0) - 0x06f0))
    .replace(/\D/g, '')
    .slice(0, RESET_CODE_LENGTH);
}

export interface RecoveryCodeStepProps {
  email: string;
  onVerified: (code: string) => void;
  onError: (message: Message | null) => void;
  onBack: () => void;
}

export function RecoveryCodeStep({ email, onVerified, onError, onBack }: RecoveryCodeStepProps) {
  const { t } = useTranslation('auth');
  const validationText = useValidationText();
  const verify = useVerifyResetCode();
  const {
    control,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(CodeFormSchema, formSchemaOptions),
    defaultValues: { code: '' },
  });
  const complete = useWatch({ control, name: 'code' }).length === RESET_CODE_LENGTH;

  const submit = handleSubmit(async ({ code }) => {
    onError(null);
    try {
      await verify.mutateAsync({ email, code });
      onVerified(code);
    } catch (error) {
      onError(
        errorMessage(error, {
          byStatus: { 400: { key: 'auth:recovery.messages.invalidCode' } },
          fallback: { key: 'auth:recovery.messages.verifyFailed' },
        }),
      );
    }
  });

  return (
    <form data-testid="recovery-code" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset disabled={isSubmitting} className="space-y-5">
        <Field
          id="recovery-code-input"
          label={t('recovery.code.label')}
          hint={t('recovery.code.hint', { count: RESET_CODE_LENGTH })}
          error={validationText(errors.code?.message)}
        >
          {({ describedBy, invalid }) => (
            <Controller
              control={control}
              name="code"
              render={({ field }) => (
                <Input
                  id="recovery-code-input"
                  type="text"
                  dir="ltr"
                  inputMode="numeric"
                  autoComplete="one-time-code"
                  pattern="[0-9]*"
                  placeholder={'•'.repeat(RESET_CODE_LENGTH)}
                  aria-describedby={describedBy}
                  aria-invalid={invalid || undefined}
                  variant="code"
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(normaliseCodeInput(event.target.value))}
                />
              )}
            />
          )}
        </Field>
        <Button
          type="submit"
          size="lg"
          className="w-full"
          disabled={!complete || isSubmitting}
          loading={isSubmitting}
        >
          {isSubmitting ? null : <ShieldCheck aria-hidden="true" className="size-5" />}
          {t('recovery.code.submit')}
        </Button>
        <StepBackButton onClick={onBack}>{t('recovery.code.back')}</StepBackButton>
      </fieldset>
    </form>
  );
}
