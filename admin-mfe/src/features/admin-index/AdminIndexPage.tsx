import { Card, useDocumentTitle } from '@embark/shared-ui';
import { Link } from 'react-router';
import './admin-index.css';

const SECTIONS = [
  { path: 'users', title: 'Users', text: 'Accounts, roles and start dates of everyone onboarding.' },
  { path: 'roles', title: 'Roles', text: 'Job roles and the checklists linked to them.' },
  { path: 'checklist-items', title: 'Checklist items', text: 'Forms, policies, SOPs, trainings and meetings.' },
  { path: 'documents', title: 'Documents', text: 'The document library and company policies.' },
] as const;

/** Administration index: the sections arrive with the admin issues. */
export function AdminIndexPage({ basePath }: { basePath: string }) {
  useDocumentTitle('Administration');
  return (
    <div className="admin-page">
      <header>
        <h1>Administration</h1>
        <p className="admin-page__lead">Manage users, roles, checklist items and documents for onboarding.</p>
      </header>
      <ul className="admin-sections" aria-label="Administration sections">
        {SECTIONS.map((section) => (
          <li key={section.path}>
            <Card title={<Link to={`${basePath}/${section.path}`}>{section.title}</Link>} headingLevel={2}>
              <p className="admin-sections__text">{section.text}</p>
            </Card>
          </li>
        ))}
      </ul>
    </div>
  );
}
