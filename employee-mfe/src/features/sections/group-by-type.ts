import { isOwnTask, type TaskType } from '@embark/shared-ui';
import { shownProgress } from '../../shared/progress';

/** The section order (docs/product.md#sections): Forms, Policies, SOPs, Trainings, Meetings. */
export const SECTION_ORDER: readonly TaskType[] = ['form', 'policy', 'sop', 'training', 'meeting'];

export interface SectionTask {
  id: number;
  type: TaskType | string;
  item_order: number;
  completed: boolean;
  owner_type: string;
}

export interface Section<T extends SectionTask> {
  type: TaskType;
  /** Every task of the type, the user's own and others' about them. */
  tasks: T[];
  /** The progress counts the user's own tasks only (docs/product.md#progress). */
  completed: number;
  total: number;
  percentage: number;
}

/** Every section in order (empty ones too, so the page's layout never shifts), tasks in item_order. */
export function groupByType<T extends SectionTask>(tasks: readonly T[]): Section<T>[] {
  return SECTION_ORDER.map((type) => {
    const inSection = tasks.filter((task) => task.type === type).sort((a, b) => a.item_order - b.item_order || a.id - b.id);
    const own = inSection.filter(isOwnTask);
    const completed = own.filter((task) => task.completed).length;
    return { type, tasks: inSection, completed, total: own.length, percentage: shownProgress(completed, own.length) };
  });
}
