import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useTranslation } from 'react-i18next';
import { LogIn } from 'lucide-react';
import { EmailSchema, LoginRequestSchema, type LoginRequest } from '@nuqat/contracts';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { PasswordInput } from '../../../components/ui/password-input';
import { errorMessage, type Message } from '../../../lib/messages';
import { formSchemaOptions, useValidationText } from '../../../lib/validation';
import { useLogin } from '../api/login';

export interface LoginFormProps {
  onSuccess: () => void;
  onError: (message: Message | null) => void;
  onForgotPassword: () => void;
}

/**
 * The API takes any text as the e-mail (so it says nothing about which exist); the form checks
 * its shape before sending, and says so at the field (issue 27).
 */
const LoginFormSchema = LoginRequestSchema.extend({ email: EmailSchema });

export function LoginForm({ onSuccess, onError, onForgotPassword }: LoginFormProps) {
  const { t } = useTranslation('auth');
  const validationText = useValidationText();
  const login = useLogin();
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(LoginFormSchema, formSchemaOptions),
    defaultValues: { email: '', password: '' },
  });

  // The resolver hands over the contract's output: e-mail trimmed and lower-cased, password trimmed.
  const submit = handleSubmit(async (credentials: LoginRequest) => {
    onError(null);
    try {
      await login.mutateAsync(credentials);
      onSuccess();
    } catch (error) {
      onError(
        errorMessage(error, {
          byStatus: { 401: { key: 'common:errors.AUTH_INVALID_CREDENTIALS' } },
          unknownHttp: (status) => ({ key: 'auth:login.serverError', values: { status } }),
          fallback: { key: 'auth:login.failed' },
        }),
      );
    }
  });

  return (
    <form data-testid="login-form" noValidate onSubmit={(event) => void submit(event)}>
      <fieldset disabled={isSubmitting} className="space-y-5">
        <Field
          id="login-email"
          label={t('login.email')}
          error={validationText(errors.email?.message)}
        >
          {({ describedBy, invalid }) => (
            <Input
              id="login-email"
              type="email"
              dir="ltr"
              autoComplete="username"
              inputMode="email"
              placeholder={t('login.emailPlaceholder')}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              className="rtl:text-end"
              {...register('email')}
            />
          )}
        </Field>
        <Field
          id="login-password"
          label={t('login.password')}
          error={validationText(errors.password?.message)}
        >
          {({ describedBy, invalid }) => (
            <PasswordInput
              id="login-password"
              autoComplete="current-password"
              showLabel={t('login.showPassword')}
              hideLabel={t('login.hidePassword')}
              aria-describedby={describedBy}
              aria-invalid={invalid || undefined}
              {...register('password')}
            />
          )}
        </Field>
        <div className="flex justify-end">
          <Button variant="link" className="text-sm" onClick={onForgotPassword}>
            {t('login.forgotPassword')}
          </Button>
        </div>
        <Button type="submit" size="lg" className="w-full" loading={isSubmitting}>
          {isSubmitting ? null : <LogIn aria-hidden="true" className="size-5 rtl:rotate-180" />}
          {t('login.submit')}
        </Button>
      </fieldset>
    </form>
  );
}
