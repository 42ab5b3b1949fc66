import { GraphQLDateTimeISO } from 'graphql-scalars';
import { Field, Int, ObjectType } from 'type-graphql';

/*
 * The shapes of notifications and the reminder job, declared once:
 * NotificationService returns these classes, GraphQL exposes them and REST
 * serialises the same objects. Timestamps are ISO 8601 strings.
 */

@ObjectType('Notification', { description: 'Something the app tells one user: a digest, an escalation, a changed checklist.' })
export class NotificationType {
  @Field(() => Int)
  id!: number;

  @Field(() => String, { description: 'digest | escalation | checklist_changed' })
  type!: string;

  @Field(() => String)
  title!: string;

  @Field(() => String)
  body!: string;

  @Field(() => String, { nullable: true, description: 'An in-app path to open, e.g. /app/my-tasks.' })
  link!: string | null;

  @Field(() => GraphQLDateTimeISO)
  created_at!: string;

  @Field(() => GraphQLDateTimeISO, { nullable: true, description: 'When the user marked it read; null while unread.' })
  read_at!: string | null;
}

@ObjectType('NotificationsPage', { description: "The caller's newest notifications (50 at most) and how many of all are unread." })
export class NotificationsPageType {
  @Field(() => [NotificationType])
  data!: NotificationType[];

  @Field(() => Int)
  unread!: number;
}

@ObjectType('NotificationPreferences', { description: 'What the caller is mailed. Escalations cannot be turned off, so only the digest is here.' })
export class NotificationPreferencesType {
  @Field(() => Boolean, { description: 'The daily digest of tasks due soon or overdue (mail and notification).' })
  digest!: boolean;
}

@ObjectType('ReminderRun', { description: 'What one run of the reminder job sent.' })
export class ReminderRunType {
  @Field(() => Int, { description: 'People who got a digest.' })
  digests!: number;

  @Field(() => Int, { description: "Overdue tasks escalated (each hire's task once, ever)." })
  escalations!: number;
}
