export * from './messages';
export * from './http-errors';
export * from './constants';
export * from './storage';
export * from './document-title';
export * from './routes';
