import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { LinkedDocumentType } from '../checklist';
import { PageOf } from '../../shared/page';
import type { SortOrder } from '../../shared/schemas';
import type { DateRange, SortField, Visibility, VisibilityFilter } from './journal.messages';

/*
 * The journal's shapes, declared once: JournalService returns these classes,
 * GraphQL exposes them and REST serialises the same objects (snake_case as
 * stored, camelCase where the product names it so). Timestamps are ISO 8601
 * strings, which DateTimeISO passes through unchanged.
 */

// String enums whose keys are the GraphQL value names and whose values are what the service takes.
export const JournalVisibilityEnum = { private: 'private', shared: 'shared' } as const satisfies Record<Visibility, Visibility>;
export const JournalVisibilityFilterEnum = { all: 'all', private: 'private', shared: 'shared' } as const satisfies Record<VisibilityFilter, VisibilityFilter>;
export const JournalDateRangeEnum = { week: 'week', month: 'month', year: 'year' } as const satisfies Record<DateRange, DateRange>;
export const JournalSortFieldEnum = { created_at: 'created_at', updated_at: 'updated_at', title: 'title' } as const satisfies Record<SortField, SortField>;
export const JournalSortOrderEnum = { asc: 'asc', desc: 'desc' } as const satisfies Record<SortOrder, SortOrder>;

registerEnumType(JournalVisibilityEnum, { name: 'JournalVisibility', description: 'Private entries are their author\'s alone; shared ones administrators can read too.' });
registerEnumType(JournalVisibilityFilterEnum, { name: 'JournalVisibilityFilter' });
registerEnumType(JournalDateRangeEnum, { name: 'JournalDateRange', description: 'Created in the last 7 days, month or year.' });
registerEnumType(JournalSortFieldEnum, { name: 'JournalSortField' });
registerEnumType(JournalSortOrderEnum, { name: 'JournalSortOrder' });

@ObjectType('LinkedTask', { description: 'A checklist task an entry links to.' })
export class LinkedTaskType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  title!: string;
}

@ObjectType('TaskContext', { description: 'The task an entry reflects on (its first linked task).' })
export class TaskContextType {
  @Field(() => Int)
  taskId!: number;

  @Field(() => String)
  taskTitle!: string;
}

@ObjectType('JournalEntry', { description: 'A learning journal entry.' })
export class JournalEntryType {
  @Field(() => Int)
  id!: number;

  @Field(() => Int, { description: 'The author: the caller, except when an administrator reads a shared entry.' })
  user_id!: number;

  @Field(() => String, { description: "At most 200 characters; '' when untitled." })
  title!: string;

  @Field(() => String)
  content!: string;

  @Field(() => String, { description: 'The first 150 characters of the content.' })
  preview!: string;

  @Field(() => JournalVisibilityEnum)
  visibility!: Visibility;

  @Field(() => [String], { description: 'In the order the author gave them.' })
  tags!: string[];

  @Field(() => String, { description: "Linked checklist item ids as a comma string, '' when none." })
  linked_task_ids!: string;

  @Field(() => [LinkedTaskType], { description: 'The linked tasks that still exist, in link order.' })
  linked_tasks!: LinkedTaskType[];

  @Field(() => [LinkedDocumentType])
  linked_documents!: LinkedDocumentType[];

  @Field(() => TaskContextType, { nullable: true })
  taskContext!: TaskContextType | null;

  @Field(() => GraphQLDateTimeISO)
  created_at!: string;

  @Field(() => GraphQLDateTimeISO)
  updated_at!: string;
}

@ObjectType('JournalEntryPage', { description: 'One page of entries and how many match in all.' })
export class JournalEntryPageType extends PageOf(JournalEntryType) {}

@ObjectType('JournalStats', { description: "The caller's journal in numbers." })
export class JournalStatsType {
  @Field(() => Int)
  total_entries!: number;

  @Field(() => Int, { description: 'Created in the last 7 days.' })
  recent_entries!: number;

  @Field(() => Int, { description: 'Distinct tags in use.' })
  total_tags!: number;
}

@ObjectType('Tag', { description: "One of the caller's journal tags." })
export class TagType {
  @Field(() => Int)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => Int, { description: 'Entries carrying it.' })
  count!: number;
}

@InputType('TaskContextInput')
export class TaskContextInput {
  @Field(() => Int)
  taskId!: number;
}

@InputType('JournalEntryInput', {
  description: 'Content required (at most 10,000 characters), title at most 200. On update, fields left out (other than content) keep their value.',
})
export class JournalEntryInput {
  @Field(() => String, { nullable: true })
  title?: string | null;

  @Field(() => String)
  content!: string;

  @Field(() => JournalVisibilityEnum, { nullable: true, description: 'private when created without one.' })
  visibility?: Visibility | null;

  @Field(() => [String], { nullable: true, description: 'At most 20, each at most 50 characters; duplicates ignoring case are dropped.' })
  tags?: string[] | null;

  @Field(() => [Int], { nullable: true, description: 'Checklist items of your checklist.' })
  linked_task_ids?: number[] | null;

  @Field(() => TaskContextInput, { nullable: true, description: 'Links this task first (an entry written from a task).' })
  taskContext?: TaskContextInput | null;

  @Field(() => String, { nullable: true, description: "Updating: the entry's updated_at as it was read; when the entry has changed since, CONFLICT and nothing changes. Ignored when creating." })
  updated_at?: string | null;
}

@InputType('JournalEntriesFilter', { description: 'Defaults: visibility all, no date range, sort created_at desc, page 1, limit 20 (max 100).' })
export class JournalEntriesFilter {
  @Field(() => JournalVisibilityFilterEnum, { nullable: true })
  visibility?: VisibilityFilter | null;

  @Field(() => JournalDateRangeEnum, { nullable: true })
  dateRange?: DateRange | null;

  @Field(() => String, { nullable: true })
  tag?: string | null;

  @Field(() => JournalSortFieldEnum, { nullable: true })
  sort?: SortField | null;

  @Field(() => JournalSortOrderEnum, { nullable: true })
  order?: SortOrder | null;

  @Field(() => Int, { nullable: true })
  page?: number | null;

  @Field(() => Int, { nullable: true })
  limit?: number | null;

  @Field(() => Int, { nullable: true, description: "Administrators only: that user's shared entries." })
  userId?: number | null;
}
