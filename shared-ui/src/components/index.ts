// The components every app needs, in the index. Dialogs, form fields, tables and pagination are
// subpaths of their own (`@embark/shared-ui/components/Modal`), loaded only by the pages that use
// them, so they stay out of the JS that reaches the dashboard (docs/bundles.md).
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
export { useDismiss, usePathPopover } from './useDismiss';
export { useDebouncedValue } from './useDebouncedValue';
