// @embark/shared-ui: design tokens, components, the client kit and the shell/remote contracts.
// Shared as a Module Federation singleton (it holds React contexts and the session hooks), consumed
// as source. Page-specific parts are subpaths of their own (package.json `exports`).
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';

export * from './components';
export * from './kit';
export * from './contracts';
