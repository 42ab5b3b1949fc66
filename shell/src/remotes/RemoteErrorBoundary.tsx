import { Component, type ErrorInfo, type ReactNode } from 'react';
import { contractMismatchOf } from './contract';

export interface RemoteErrorBoundaryProps {
  /** Name used in the console report, e.g. `employee_mfe`. */
  label: string;
  /** When any of these change, a shown error is cleared (e.g. the path, or a retry counter). */
  resetKeys: readonly unknown[];
  /** Called when a shown error is cleared, before the children render again. */
  onReset?: () => void;
  /** Renders the error state; `reset` clears it and re-renders the children. */
  fallback: (error: unknown, reset: () => void) => ReactNode;
  children: ReactNode;
}

interface State {
  error: unknown;
  failed: boolean;
}

/** Catches load and render errors of one mounted remote, so the rest of the shell keeps working. */
export class RemoteErrorBoundary extends Component<RemoteErrorBoundaryProps, State> {
  override state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // A contract mismatch was reported once, with both versions, where it was found.
    if (contractMismatchOf(error)) return;
    console.error(`[embark] ${this.props.label} failed:`, error, info.componentStack ?? '');
  }

  override componentDidUpdate(prev: RemoteErrorBoundaryProps): void {
    if (this.state.failed && changed(prev.resetKeys, this.props.resetKeys)) this.reset();
  }

  reset = (): void => {
    this.props.onReset?.();
    this.setState({ error: null, failed: false });
  };

  override render(): ReactNode {
    return this.state.failed ? this.props.fallback(this.state.error, this.reset) : this.props.children;
  }
}

function changed(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length !== b.length || a.some((value, i) => !Object.is(value, b[i]));
}
