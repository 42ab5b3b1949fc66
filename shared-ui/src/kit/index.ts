export * from './messages';
export * from './http-errors';
export * from './constants';
export * from './storage';
export * from './document-title';
export * from './routes';
export * from './api-client';
export * from './auth-debug-log';
export * from './auth-session';
export * from './private-data';
export * from './safe-url';
export * from './registration-roles';
export * from './navigation';
export * from './toast-timing';
export * from './relative-time';
export * from './task-rules';
// Not here: subpaths of their own (package.json `exports`), so they stay out of the module every
// page loads: './page-text/*' (page wording), './documents' (the document library's rules),
// './apollo-client' (the GraphQL client factory), './validation' (the sign-in, registration and
// two-factor form rules).
