import { Component, type ErrorInfo, type ReactNode } from 'react';

interface Props {
  /** What to show instead of a widget that threw, with a way to draw it again. */
  fallback: (error: Error, retry: () => void) => ReactNode;
  children: ReactNode;
}

/** Keeps a widget that throws while drawing inside its cell; the rest of the page goes on. */
export class WidgetErrorBoundary extends Component<Props, { error: Error | null }> {
  override state: { error: Error | null } = { error: null };

  static getDerivedStateFromError(error: unknown): { error: Error } {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  override componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('Widget failed to render', error, info.componentStack);
  }

  private readonly retry = () => this.setState({ error: null });

  override render(): ReactNode {
    return this.state.error ? this.props.fallback(this.state.error, this.retry) : this.props.children;
  }
}
