// The components every app needs, shared whole with the singleton. Dialogs, form fields, tables
// and pagination are imported by path (`@embark/shared-ui/src/components/Modal`) by the pages that
// use them, so they stay out of the JS that reaches the dashboard (issue 9).
export * from './Button';
export * from './Card';
export * from './Spinner';
export * from './EmptyState';
export * from './PageStates';
export * from './ProgressBar';
export * from './ErrorScreen';
export * from './Badge';
export * from './PageHeader';
export * from './Toast';
export { cx } from './cx';
export * from './Icon';
export { useDismiss } from './useDismiss';
export { useDebouncedValue } from './useDebouncedValue';
