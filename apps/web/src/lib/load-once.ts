/** A load started at most once at a time and remembered once done. */
export interface LoadOnce<T> {
  /** Starts the load, or gives the one under way or done. */
  start(): Promise<T>;
  /** What the load gave, once it has. */
  loaded(): T | undefined;
}

/**
 * Code fetched on first use (a screen, a dialog): every caller shares one load, and a load that
 * failed (offline for a moment) is forgotten, so that the next call fetches it again.
 */
export function loadOnce<T>(load: () => Promise<T>): LoadOnce<T> {
  let done: T | undefined;
  let loading: Promise<T> | undefined;
  return {
    start() {
      loading ??= load().then(
        (value) => {
          done = value;
          return value;
        },
        (error: unknown) => {
          loading = undefined;
          throw error;
        },
      );
      return loading;
    },
    loaded: () => done,
  };
}
