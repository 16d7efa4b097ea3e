import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** Names the panel in the message, e.g. "Docs". */
  name: string;
  children: ReactNode;
}

interface State {
  error?: Error;
}

/** Keeps a crash inside one panel: the others go on working, and the user's text is kept elsewhere. */
export class ErrorBoundary extends Component<Props, State> {
  state: State = {};

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error(`${this.props.name} panel crashed:`, error.message, info.componentStack);
  }

  render() {
    if (!this.state.error) return this.props.children;
    return (
      <div role="alert" className="panel-error">
        <p>
          The {this.props.name} panel hit an error: {this.state.error.message}
        </p>
        <p>Your text is saved. Try again, or reload the page.</p>
        <button type="button" onClick={() => this.setState({ error: undefined })}>
          Try again
        </button>
      </div>
    );
  }
}
