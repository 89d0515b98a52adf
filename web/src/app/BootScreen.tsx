import { Component, type ErrorInfo, type ReactNode } from 'react';
import { MSG } from '@portal/contract';
import { APP_TEXT } from './texts.ts';

/** Shown while the session or a screen's code is loading. */
export function BootScreen() {
  return (
    <div className="boot-screen" role="status" aria-live="polite">
      <span className="boot-screen__mark" aria-hidden="true" />
      <span className="boot-screen__text">{MSG.loading}</span>
    </div>
  );
}

type TBoundaryProps = { children: ReactNode; resetKey: string };
type TBoundaryState = { failed: boolean; resetKey: string };

/**
 * A screen whose code failed to load — most often a chunk gone after a deploy — or that
 * crashed offers a reload instead of a blank page. Navigating elsewhere clears it.
 */
export class PageErrorBoundary extends Component<TBoundaryProps, TBoundaryState> {
  override state: TBoundaryState = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<TBoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: TBoundaryProps,
    state: TBoundaryState,
  ): Partial<TBoundaryState> | null {
    return props.resetKey === state.resetKey ? null : { failed: false, resetKey: props.resetKey };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) {
      return this.props.children;
    }
    return (
      <div className="boot-screen" role="alert">
        <h1 className="boot-screen__title">{APP_TEXT.errorTitle}</h1>
        <p className="boot-screen__text">{APP_TEXT.errorHint}</p>
        <button type="button" className="boot-screen__button" onClick={() => window.location.reload()}>
          {APP_TEXT.reload}
        </button>
      </div>
    );
  }
}
