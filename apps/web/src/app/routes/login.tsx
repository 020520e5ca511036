import { LoginScreen } from '../../features/auth/components/login-screen';
import { useDocumentTitle } from '../../lib/document-title';

export function LoginRoute() {
  useDocumentTitle('auth:login.submit');
  return <LoginScreen />;
}
