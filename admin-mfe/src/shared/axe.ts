// The jsdom tests' axe check lives in shared-ui, for every front end.
export { seriousViolations } from '@embark/shared-ui/testing/axe';
