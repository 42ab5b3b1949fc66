/** The progress module's public surface: other modules import only this file. */
export { ProgressService } from './progress.service';
export { COMPLETED_AT_FUTURE_SKEW_MS, NOTE_MAX, OWNER_MESSAGES, PROGRESS_ID_MESSAGES, PROGRESS_MESSAGES } from './progress.messages';
export { CompleteTaskInput, ProgressInput, progressChange } from './progress.schemas';
export { ProgressResolver } from './progress.resolver';
export { progressRouter } from './progress.routes';
