export * from './remotes';
export * from './runtime-config';
export * from './session';
export * from './toasts';
export * from './notifications';
