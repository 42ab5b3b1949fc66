import { Link } from 'react-router';
import { BRAND, Card, ROUTES, useDocumentTitle } from '@embark/shared-ui';
import './register.css';

/** Placeholder: the accounts issue builds the registration form (spec §2, §5). */
export default function RegisterPage() {
  useDocumentTitle('Create your account');
  return (
    <main className="register-page" id="main-content">
      <Link to={ROUTES.home} className="register-page__brand">
        {BRAND.name}
      </Link>
      <Card className="register-page__card">
        <h1>Create your account</h1>
        <p>Registration arrives with accounts. Choose your role there to get your own checklist.</p>
        <p>
          Already registered? <Link to={ROUTES.login}>Sign in</Link>
        </p>
      </Card>
    </main>
  );
}
