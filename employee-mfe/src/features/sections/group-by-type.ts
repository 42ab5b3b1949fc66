import { completionPercentage, type TaskType } from '@embark/shared-ui';

/** The section order (docs/product.md#sections): Forms, Policies, SOPs, Trainings, Meetings. */
export const SECTION_ORDER: readonly TaskType[] = ['form', 'policy', 'sop', 'training', 'meeting'];

export interface SectionTask {
  id: number;
  type: TaskType | string;
  item_order: number;
  completed: boolean;
}

export interface Section<T extends SectionTask> {
  type: TaskType;
  tasks: T[];
  completed: number;
  total: number;
  percentage: number;
}

/** Every section in order (empty ones too, so the page's layout never shifts), tasks in item_order. */
export function groupByType<T extends SectionTask>(tasks: readonly T[]): Section<T>[] {
  return SECTION_ORDER.map((type) => {
    const inSection = tasks.filter((task) => task.type === type).sort((a, b) => a.item_order - b.item_order || a.id - b.id);
    const completed = inSection.filter((task) => task.completed).length;
    return { type, tasks: inSection, completed, total: inSection.length, percentage: completionPercentage(completed, inSection.length) };
  });
}
