/**
 * The time source of the services that apply date rules (due dates, overdue,
 * urgency). Injected so tests can pin "now"; production uses the system clock.
 */
export type Clock = () => Date;

export const systemClock: Clock = () => new Date();
