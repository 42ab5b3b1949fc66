import { GraphQLDateTimeISO, GraphQLJSONObject } from 'graphql-scalars';
import { Field, Int, ObjectType, registerEnumType } from 'type-graphql';
import { PageOf } from '../../shared/page';
import type { AuditCategory } from './audit.schemas';

/* The audit log's shapes, as AuditService.list returns them to both doors. */

export const AuditCategoryEnum = { changes: 'changes', all: 'all' } as const satisfies Record<AuditCategory, AuditCategory>;

registerEnumType(AuditCategoryEnum, { name: 'AuditCategory', description: 'changes: changes to the portal\'s data; all: sign-in traffic too.' });

@ObjectType('AuditEntry', { description: 'One audited event: who, what (before/after for changes) and when.' })
export class AuditEntryType {
  @Field(() => Int)
  id!: number;

  @Field(() => String, { description: 'A stable identifier such as user.update or checklist_item.reorder.' })
  action!: string;

  @Field(() => Int, { nullable: true })
  actor_user_id!: number | null;

  @Field(() => String, { nullable: true })
  actor_name!: string | null;

  @Field(() => String, { nullable: true })
  target_type!: string | null;

  @Field(() => String, { nullable: true })
  target_id!: string | null;

  @Field(() => GraphQLJSONObject)
  details!: Record<string, unknown>;

  @Field(() => GraphQLDateTimeISO)
  created_at!: string;
}

@ObjectType('AuditPage')
export class AuditPageType extends PageOf(AuditEntryType) {}
