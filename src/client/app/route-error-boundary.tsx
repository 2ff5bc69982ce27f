import { Component, type ReactNode } from "react";
import { RouteError } from "./route-error";

type Props = { children: ReactNode; /** A new key (the next page) clears the error. */ resetKey: string };
type State = { error: unknown; resetKey: string; failed: boolean };

/** Catches what a page throws while rendering, or a page chunk that fails to load, and shows RouteError. */
export class RouteErrorBoundary extends Component<Props, State> {
  state: State = { error: null, resetKey: this.props.resetKey, failed: false };

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { error, failed: true };
  }

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey !== state.resetKey ? { resetKey: props.resetKey, error: null, failed: false } : null;
  }

  render() {
    return this.state.failed ? <RouteError error={this.state.error} /> : this.props.children;
  }
}
