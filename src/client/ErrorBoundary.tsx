import { Component, type ErrorInfo, type ReactNode } from 'react';
import { addErrorLog } from './error-log.ts';
import { t } from './i18n.ts';
import { ChunkLoadError } from './lazy.ts';

/** A page whose code never came says why: offline it was never downloaded, online it failed to load. */
const message = (error: Error) =>
  !(error instanceof ChunkLoadError)
    ? error.message
    : navigator.onLine
      ? t('common.chunkError')
      : t('common.offlinePage');

/** Keeps a render crash as an error-log record and offers a reload instead of a blank page. */
export class ErrorBoundary extends Component<{ children: ReactNode }, { error?: Error }> {
  state: { error?: Error } = {};

  static getDerivedStateFromError(error: Error) {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo) {
    void addErrorLog({
      type: 'error',
      message: error.message,
      stack: error.stack ?? '',
      info: info.componentStack ?? '',
    });
  }

  render() {
    const { error } = this.state;
    if (!error) return this.props.children;
    return (
      <div role="alert" style={{ padding: 32, fontFamily: 'system-ui, sans-serif', textAlign: 'center' }}>
        <p>{message(error)}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {t('common.refresh')}
        </button>
      </div>
    );
  }
}
