import { useDocumentTitle } from '@embark/shared-ui';
import { RolesCard } from './components/RolesCard';
import './dashboard.css';

export function DashboardPage() {
  useDocumentTitle('Dashboard');
  return (
    <div className="employee-page">
      <header className="employee-page__header">
        <h1>Dashboard</h1>
        <p className="employee-page__lead">Your onboarding at a glance. Your checklist and progress arrive here soon.</p>
      </header>
      <RolesCard />
    </div>
  );
}
