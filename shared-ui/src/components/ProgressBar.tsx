import { progressTone } from '../kit/constants';
import { cx } from './cx';

export interface ProgressBarProps {
  /** Percentage, clamped to 0-100. */
  value: number;
  /** Accessible name, e.g. "Onboarding progress". */
  label: string;
  /** Show the percentage next to the bar. */
  showValue?: boolean;
  className?: string;
}

/** A determinate progress bar coloured by the spec's thresholds (100/75/50). */
export function ProgressBar({ value, label, showValue = false, className }: ProgressBarProps) {
  const percent = Number.isFinite(value) ? Math.min(100, Math.max(0, Math.round(value))) : 0;
  const tone = progressTone(percent);
  return (
    <div className={cx('ui-progress', `ui-progress--${tone}`, className)}>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={`${percent}%`}
        className="ui-progress__track"
      >
        <div className="ui-progress__fill" style={{ width: `${percent}%` }} />
      </div>
      {showValue ? (
        <span className="ui-progress__value" aria-hidden="true">
          {percent}%
        </span>
      ) : null}
    </div>
  );
}
