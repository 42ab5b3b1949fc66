/** The administration index's own numbers (docs/product.md#admin). */
export const ADMIN_LIMITS = {
  /** The window of "new hires", in days, today included. */
  newHireDays: 30,
} as const;
