/** The journal module's public surface: other modules import only this file. */
export { JournalService } from './journal.service';
export { ChecklistTaskDirectory, type TaskDirectory } from './task-directory';
export { JOURNAL_LIMITS, JOURNAL_MESSAGES } from './journal.messages';
export { JournalEntryPageType, JournalEntryType, JournalStatsType, TagType } from './journal.types';
export { JournalResolver } from './journal.resolver';
export { journalRouter } from './journal.routes';
