// Small numeric helpers shared by the benchmark modules.

/** The q-quantile (0..1) of an unsorted array, nearest-rank; NaN for an empty array. */
export function quantile(values, q) {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1));
  return sorted[rank];
}

export const median = (values) => quantile(values, 0.5);

/** Rounds for display and JSON: 2 decimals under 10, 1 under 1000, else an integer. */
export function round(n) {
  if (!Number.isFinite(n)) return n;
  const abs = Math.abs(n);
  if (abs < 10) return Math.round(n * 100) / 100;
  if (abs < 1000) return Math.round(n * 10) / 10;
  return Math.round(n);
}

export const ratio = (a, b) => (b > 0 ? a / b : Number.NaN);

/** Times an async function once, in milliseconds. */
export async function timeMs(fn) {
  const started = process.hrtime.bigint();
  await fn();
  return Number(process.hrtime.bigint() - started) / 1e6;
}
