import { Link } from 'react-router';
import { Icon, PageHeader } from '@embark/shared-ui';
import { ADMIN_SECTIONS, type AdminSection } from './sections';
import './admin-index.css';

const GROUPS: ReadonlyArray<AdminSection['group']> = ['Entity Management', 'Relationship Management'];

/** Administration index (`/app/admin`): every section of the admin area, grouped as in the sidebar. */
export function AdminIndexPage({ basePath }: { basePath: string }) {
  return (
    <div className="admin-page">
      <PageHeader title="Administration" description="Manage users, roles, checklist items and documents, and how they fit together." />
      {GROUPS.map((group) => {
        const id = `admin-group-${group.split(' ')[0]?.toLowerCase()}`;
        return (
          <section key={group} className="admin-group" aria-labelledby={id}>
            <h2 id={id} className="admin-group__title">
              {group}
            </h2>
            <ul className="admin-sections">
              {ADMIN_SECTIONS.filter((section) => section.group === group).map((section) => (
                <li key={section.path}>
                  <Link to={`${basePath}/${section.path}`} className="admin-section-card">
                    <span className="admin-section-card__title">{section.label}</span>
                    <span className="admin-section-card__text">{section.text}</span>
                    <Icon name="chevronRight" size={18} className="admin-section-card__arrow" />
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        );
      })}
    </div>
  );
}
