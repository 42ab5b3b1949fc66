/** The progress module's public surface: other modules import only this file. */
export { ProgressService } from './progress.service';
export { ProgressResolver } from './progress.resolver';
export { progressRouter } from './progress.routes';
