import { Column, CreateDateColumn, Entity, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ProgressStatusName } from '../checklist/checklist.rules';

/**
 * One user's progress on one checklist item (unique per pair). Written only by
 * ProgressService, in one upsert statement; the entity documents the table.
 */
@Entity({ name: 'user_progress' })
export class UserProgress {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT', primaryKeyConstraintName: 'pk_user_progress' })
  id!: number;

  @Column({ name: 'user_id', type: 'integer' })
  userId!: number;

  @Column({ name: 'checklist_item_id', type: 'integer' })
  checklistItemId!: number;

  @Column({ type: 'varchar', length: 16, default: 'pending' })
  status!: ProgressStatusName;

  @Column({ type: 'text', nullable: true })
  note!: string | null;

  /** Set exactly when status is 'completed' (a check constraint holds it). */
  @Column({ name: 'completed_at', type: 'timestamptz', nullable: true })
  completedAt!: Date | null;

  /** Calendar date (YYYY-MM-DD): start_date + due_days when the row was first written. */
  @Column({ name: 'due_date', type: 'date', nullable: true })
  dueDate!: string | null;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}
