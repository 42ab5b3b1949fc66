/*
 * The notifications module's public face: notifications as records, the
 * digest preference, and the daily reminder job (docs/product.md#notifications).
 * Other modules write a notification with NotificationService.notify inside
 * their own transaction.
 */
export { NOTIFICATION_LIMITS, NOTIFICATION_MESSAGES, NOTIFICATION_TYPES, type NotificationType as NotificationKind } from './notifications.messages';
export { NotificationId, NotificationPreferencesInput } from './notifications.schemas';
export { NotificationService, type NotifyInput } from './notifications.service';
export { NotificationPreferencesType, NotificationsPageType, NotificationType, ReminderRunType } from './notifications.types';
export { localHour, REMINDER_HOUR, ReminderService } from './reminders.service';
export { ReminderSchedule, REMINDERS_QUEUE, startReminderSchedule, type ReminderScheduleOptions } from './reminders.schedule';
export { NotificationsResolver } from './notifications.resolver';
export { notificationsRouter } from './notifications.routes';
