import { createElement, lazy, type ComponentType, type FunctionComponent } from 'react';
import { site } from './config.ts';

export class ChunkLoadError extends Error {}

/** A page in its own chunk; `preload` fetches the chunk (and every chunk it imports) before the page is shown. */
export type LazyPage<P extends object = object> = FunctionComponent<P> & { preload: () => Promise<void> };

/** The chunk's promise, failing after the spec's 120 s with a chunk load error instead of waiting forever. */
function withTimeout<T>(load: Promise<T>): Promise<T> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ChunkLoadError('chunk load timeout')), site.chunkTimeoutMs);
  });
  return Promise.race([load, timeout])
    .finally(() => clearTimeout(timer))
    .catch((error: unknown) => {
      throw error instanceof ChunkLoadError
        ? error
        : new ChunkLoadError(error instanceof Error ? error.message : String(error));
    });
}

/**
 * React.lazy over one chunk load shared with `preload` (a hovered menu, a route about to start). Once the chunk is
 * in, the page renders straight away: React.lazy would still suspend it for a turn, and React holds back what a
 * suspended transition reveals.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | undefined;
  let loading: Promise<{ default: ComponentType<P> }> | undefined;
  const start = () => {
    loading ??= withTimeout(load()).then(
      (module) => {
        loaded = module.default;
        return module;
      },
      (error: unknown) => {
        loading = undefined; // a later attempt loads again
        throw error;
      },
    );
    return loading;
  };
  const Lazy = lazy(start);
  const Page = (props: P) => createElement((loaded ?? Lazy) as ComponentType<P>, props);
  // A failed preload is left to the page's own load to report.
  return Object.assign(Page, {
    preload: () =>
      start().then(
        () => undefined,
        () => undefined,
      ),
  });
}

/**
 * Starts chunk loads ahead of need (the shell while the user types the password) at low fetch priority, so that they
 * never hold the connections a request the user waits for needs: on a slow line the token request queued behind 50
 * prefetched files for 0.9–2 s. Vite's preload helper appends a `<link rel=modulepreload>` per file to the head in the
 * same turn as the call, and the module graph's own fetches reuse those; the links are marked as they are appended.
 */
export function atLowPriority<T>(start: () => T): T {
  const head = document.head as HTMLHeadElement & { appendChild: Node['appendChild'] };
  const append = head.appendChild;
  head.appendChild = function appendAtLowPriority<N extends Node>(this: Node, node: N): N {
    if (node instanceof HTMLLinkElement) node.fetchPriority = 'low';
    return append.call(this, node) as N;
  };
  try {
    return start();
  } finally {
    delete (head as Partial<typeof head>).appendChild;
  }
}
