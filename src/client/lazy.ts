import { lazy, type ComponentType } from 'react';
import { site } from './config.ts';

export class ChunkLoadError extends Error {}

/** React.lazy whose chunk gives up after the spec's 120 s with a chunk load error instead of waiting forever. */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() => Promise.race([
    load(),
    new Promise<never>((_, reject) => setTimeout(() => reject(new ChunkLoadError('chunk load timeout')), site.chunkTimeoutMs)),
  ]).catch((error: unknown) => {
    throw error instanceof ChunkLoadError ? error : new ChunkLoadError(error instanceof Error ? error.message : String(error));
  }));
}
