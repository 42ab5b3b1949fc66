import { Arg, Ctx, Int, Mutation, Query, Resolver } from 'type-graphql';
import type { GraphQLContext } from '../../graphql/context';
import { NotificationPreferencesType, NotificationsPageType, NotificationType, ReminderRunType } from './notifications.types';

/** GraphQL door of notifications and the reminder job: the same service calls as the REST routes. */
@Resolver()
export class NotificationsResolver {
  @Query(() => NotificationsPageType, { description: "The caller's newest 50 notifications and the unread count (GET /notifications)." })
  myNotifications(@Ctx() ctx: GraphQLContext): Promise<NotificationsPageType> {
    return ctx.services.notifications.list(ctx.actor);
  }

  @Mutation(() => NotificationType, { description: "Marks one of the caller's notifications read (POST /notifications/{id}/read)." })
  markNotificationRead(@Arg('id', () => Int) id: number, @Ctx() ctx: GraphQLContext): Promise<NotificationType> {
    return ctx.services.notifications.markRead(ctx.actor, id);
  }

  @Mutation(() => Int, { description: 'Marks every unread notification of the caller read; answers how many (POST /notifications/read-all).' })
  markAllNotificationsRead(@Ctx() ctx: GraphQLContext): Promise<number> {
    return ctx.services.notifications.markAllRead(ctx.actor);
  }

  @Query(() => NotificationPreferencesType, { description: 'What the caller is mailed (GET /notifications/preferences).' })
  notificationPreferences(@Ctx() ctx: GraphQLContext): Promise<NotificationPreferencesType> {
    return ctx.services.notifications.preferences(ctx.actor);
  }

  @Mutation(() => NotificationPreferencesType, { description: 'Turns the daily digest on or off (PUT /notifications/preferences).' })
  updateNotificationPreferences(@Arg('digest', () => Boolean) digest: boolean, @Ctx() ctx: GraphQLContext): Promise<NotificationPreferencesType> {
    return ctx.services.notifications.updatePreferences(ctx.actor, { digest });
  }

  @Mutation(() => ReminderRunType, { description: 'Administrators only: runs the reminder job now (POST /admin/jobs/reminders/run).' })
  runReminders(@Ctx() ctx: GraphQLContext): Promise<ReminderRunType> {
    return ctx.services.reminders.runNow(ctx.actor);
  }
}
