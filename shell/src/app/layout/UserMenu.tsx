import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { Icon, ROUTES, SHELL_TEXT, useAuth, usePathPopover } from '@embark/shared-ui';
import { useRoleName } from '../api/useRoleName';

// Lazy: the dialog, its wording and the Modal load only when someone opens it (the dashboard's
// JS budget, docs/bundles.md).
const AboutDialog = lazy(() => import(/* webpackChunkName: "about" */ './AboutDialog'));

/** Up to two initials for the avatar: "Ada Lovelace" → "AL", "ada" → "A". */
export function initialsOf(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const letters = words.length > 1 ? [words[0], words[words.length - 1]] : words;
  return letters.map((word) => (word ? Array.from(word)[0]?.toUpperCase() : '')).join('') || '?';
}

/**
 * The header's user menu: a button named 'User menu' opening a panel with the user's
 * name, role name ('Front-Line Staff' when unknown) and email, 'Profile Settings', 'About Embark'
 * (the versions in this page, a lazy dialog) and 'Sign Out'.
 * A disclosure, not an ARIA menu: its content is text plus one link and one button. The button
 * itself shows the avatar; the name and role are in the panel.
 */
export function UserMenu() {
  const { user, logout } = useAuth();
  const { pathname } = useLocation();
  const roleName = useRoleName(user?.role_id);
  // Open only on the path it was opened on; following 'Profile Settings' closes it at once (usePathPopover).
  const { open, close, toggle, root, button, panelId } = usePathPopover(pathname);
  const [signingOut, setSigningOut] = useState(false);
  const [aboutOpen, setAboutOpen] = useState(false);
  const aboutWasOpen = useRef(false);
  // The item that opened About Embark is hidden with the panel: focus goes back to the menu's button,
  // once the dialog is gone (while it is shown, the rest of the page is inert and cannot take focus).
  useEffect(() => {
    if (aboutWasOpen.current && !aboutOpen) button.current?.focus();
    aboutWasOpen.current = aboutOpen;
  }, [aboutOpen, button]);

  if (!user) return null;
  const initials = initialsOf(user.name);

  const signOut = async () => {
    setSigningOut(true);
    try {
      await logout();
    } finally {
      setSigningOut(false);
      close();
    }
  };

  return (
    <div className="shell-user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="shell-user-menu__button"
        aria-label={SHELL_TEXT.userMenu}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={toggle}
      >
        {/* The initials are drawn by CSS (data-initials): the button's visible content then stays
            within its name, 'User menu' (WCAG 2.5.3, axe label-content-name-mismatch). */}
        <span className="shell-avatar" data-initials={initials} aria-hidden="true" />
        <Icon name="chevronDown" size={16} className="shell-user-menu__chevron" />
      </button>
      <div id={panelId} className="shell-popover shell-user-menu__panel" hidden={!open}>
        <div className="shell-user-card">
          <span className="shell-avatar shell-avatar--lg" data-initials={initials} aria-hidden="true" />
          <div className="shell-user-card__text">
            <p className="shell-user-card__name">{user.name}</p>
            <p className="shell-user-card__role">{roleName ?? ''}</p>
            <p className="shell-user-card__email">{user.email}</p>
          </div>
        </div>
        <div className="shell-popover__actions">
          <Link to={ROUTES.profile} className="shell-popover__item">
            <Icon name="profile" size={18} />
            {SHELL_TEXT.profileSettings}
          </Link>
          <button
            type="button"
            className="shell-popover__item"
            onClick={() => {
              close();
              setAboutOpen(true);
            }}
          >
            <Icon name="help" size={18} />
            About Embark
          </button>
          <button type="button" className="shell-popover__item shell-popover__item--danger" onClick={signOut} disabled={signingOut} aria-busy={signingOut || undefined}>
            <Icon name="signOut" size={18} />
            {SHELL_TEXT.signOut}
          </button>
        </div>
      </div>
      {aboutOpen ? (
        <Suspense fallback={null}>
          <AboutDialog
            onClose={() => setAboutOpen(false)}
          />
        </Suspense>
      ) : null}
    </div>
  );
}
