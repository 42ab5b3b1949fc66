import { Column, CreateDateColumn, Entity, PrimaryColumn, PrimaryGeneratedColumn, UpdateDateColumn } from 'typeorm';
import type { ChecklistItemTypeName, TaskPriorityName } from './checklist.rules';

/**
 * The checklist_items table. Not the GraphQL type: the public shape uses the
 * REST field names of spec §3 (snake_case), see checklist.types.ts.
 */
@Entity({ name: 'checklist_items' })
export class ChecklistItem {
  @PrimaryGeneratedColumn('identity', { generatedIdentity: 'BY DEFAULT', primaryKeyConstraintName: 'pk_checklist_items' })
  id!: number;

  @Column({ type: 'varchar', length: 200 })
  title!: string;

  @Column({ type: 'text', nullable: true })
  description!: string | null;

  @Column({ type: 'varchar', length: 16 })
  type!: ChecklistItemTypeName;

  @Column({ type: 'varchar', length: 8, default: 'medium' })
  priority!: TaskPriorityName;

  /** The primary role (DESIGN §7.1); the roles that get the item are in role_checklist_items. */
  @Column({ name: 'role_id', type: 'integer', nullable: true })
  roleId!: number | null;

  @Column({ name: 'item_order', type: 'integer', default: 0 })
  itemOrder!: number;

  @Column({ name: 'due_days', type: 'integer', default: 0 })
  dueDays!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;

  @UpdateDateColumn({ name: 'updated_at', type: 'timestamptz' })
  updatedAt!: Date;
}

/** A role gets an item (many-to-many, DESIGN §7.1). */
@Entity({ name: 'role_checklist_items' })
export class RoleChecklistItem {
  @PrimaryColumn({ name: 'role_id', type: 'integer', primaryKeyConstraintName: 'pk_role_checklist_items' })
  roleId!: number;

  @PrimaryColumn({ name: 'checklist_item_id', type: 'integer', primaryKeyConstraintName: 'pk_role_checklist_items' })
  checklistItemId!: number;

  @CreateDateColumn({ name: 'created_at', type: 'timestamptz' })
  createdAt!: Date;
}
