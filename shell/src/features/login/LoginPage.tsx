import { Link } from 'react-router';
import { BRAND, Card, ROUTES, useDocumentTitle } from '@embark/shared-ui';
import './auth-placeholder.css';

/** Placeholder: the accounts issue builds the sign-in form (spec §2, §5). */
export default function LoginPage() {
  useDocumentTitle('Sign in');
  return (
    <main className="auth-page" id="main-content">
      <Link to={ROUTES.home} className="auth-page__brand">
        {BRAND.name}
      </Link>
      <Card className="auth-page__card">
        <h1>Sign in</h1>
        <p>Signing in arrives with accounts. For now, explore the portal skeleton.</p>
        <p>
          New here? <Link to={ROUTES.register}>Create an account</Link>
        </p>
      </Card>
    </main>
  );
}
