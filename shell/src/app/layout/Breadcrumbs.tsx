import { Link } from 'react-router';
import { breadcrumbsFor, SHELL_TEXT } from '@embark/shared-ui';

/** The breadcrumbs, rebuilt from the path on every navigation, in a `nav` named 'Breadcrumb'. */
export function Breadcrumbs({ pathname }: { pathname: string }) {
  const crumbs = breadcrumbsFor(pathname);
  if (crumbs.length === 0) return null;
  return (
    <nav className="shell-breadcrumbs" aria-label={SHELL_TEXT.breadcrumb}>
      <ol>
        {crumbs.map((crumb) => (
          <li key={crumb.href}>
            {crumb.current ? (
              <span aria-current="page">{crumb.label}</span>
            ) : (
              <Link to={crumb.href}>{crumb.label}</Link>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
