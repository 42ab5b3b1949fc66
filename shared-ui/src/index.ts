// @embark/shared-ui: design tokens, components, the client kit and the shell/remote contracts.
// Shared as a Module Federation singleton (it will hold React contexts), consumed as source.
import './styles/tokens.css';
import './styles/base.css';
import './styles/components.css';

export * from './components';
export * from './kit';
export * from './contracts';
