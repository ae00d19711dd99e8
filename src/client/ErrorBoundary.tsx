import { Component, type ErrorInfo, type ReactNode } from 'react';
import { addErrorLog } from './error-log.ts';
import { t } from './i18n.ts';
import { ChunkLoadError } from './lazy.ts';

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
        <p>{error instanceof ChunkLoadError ? t('common.chunkError') : error.message}</p>
        <button type="button" onClick={() => window.location.reload()}>
          {t('common.refresh')}
        </button>
      </div>
    );
  }
}
