import { ProgressBar } from '@embark/shared-ui';

export interface ProgressSummaryProps {
  /** What is counted; also the progress bar's name. */
  label: string;
  /** How far, in words (e.g. '3 / 8'). */
  count: string;
  /** 0–100. */
  percent: number;
}

/** The card above a list that says how much of it is done: the label and count, then the bar. */
export function ProgressSummary({ label, count, percent }: ProgressSummaryProps) {
  return (
    <div className="ui-card ui-progress-summary">
      <div className="ui-progress-summary__text">
        <span className="ui-progress-summary__label">{label}</span>
        <span className="ui-progress-summary__count">{count}</span>
      </div>
      <ProgressBar value={percent} label={label} showValue />
    </div>
  );
}
