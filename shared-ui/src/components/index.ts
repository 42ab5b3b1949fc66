export * from './Button';
export * from './Card';
export * from './Spinner';
export * from './EmptyState';
export * from './ProgressBar';
export * from './ErrorScreen';
export { cx } from './cx';
