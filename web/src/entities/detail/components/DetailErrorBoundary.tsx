import { Component, type ErrorInfo, type ReactNode } from 'react';
import { DETAIL_TEXT } from '../texts.ts';
import './Detail.css';

type TProps = { children: ReactNode };
type TState = { failed: boolean };

/**
 * A detail page whose rendering threw (odd data from the server, a viewer bug) shows a
 * message inside the shell instead of a blank screen; the sidebar and search stay usable.
 */
export class DetailErrorBoundary extends Component<TProps, TState> {
  override state: TState = { failed: false };

  static getDerivedStateFromError(): TState {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    console.error(error, info.componentStack);
  }

  override render() {
    if (!this.state.failed) {
      return this.props.children;
    }
    return (
      <div className="detail-status" role="alert">
        <h1 className="detail-status__title">{DETAIL_TEXT.crashTitle}</h1>
        <p className="detail-status__hint">{DETAIL_TEXT.crashHint}</p>
        <div className="detail-status__actions">
          <button
            type="button"
            className="detail-btn detail-btn--primary"
            onClick={() => window.location.reload()}
          >
            {DETAIL_TEXT.reload}
          </button>
        </div>
      </div>
    );
  }
}
