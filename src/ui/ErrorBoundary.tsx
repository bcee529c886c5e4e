// Catches a render error below it (a record of an unexpected shape, a bug) and shows a catalogued
// message with 重试 instead of a white page. `resetKey` changing (a new route) starts afresh.
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { text } from '@/shared/firstPageText';

interface Props {
  children: ReactNode;
  /** what the failure message says failed */
  message?: string;
  resetKey?: unknown;
}

interface State {
  failed: boolean;
  resetKey: unknown;
}

export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, resetKey: this.props.resetKey };

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { failed: false, resetKey: props.resetKey } : null;
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    // kept for whoever opens the console; the listener sees the message below
    console.error(error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    return (
      <div
        role="alert"
        style={{
          padding: 'var(--mantine-spacing-md)',
          display: 'flex',
          gap: 12,
          alignItems: 'center',
          flexWrap: 'wrap',
        }}
      >
        <span>{this.props.message ?? text.errors.render}</span>
        <button
          type="button"
          className="mantine-focus-auto"
          onClick={() => this.setState({ failed: false })}
          style={{ cursor: 'pointer' }}
        >
          {text.retry}
        </button>
      </div>
    );
  }
}
