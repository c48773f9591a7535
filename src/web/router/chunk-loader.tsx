import { useCallback, useEffect, useState, type ComponentType } from 'react';
import { useTranslation } from 'react-i18next';

/** Spec §4/§9: a script chunk that has not arrived after 120 s counts as failed. */
export const CHUNK_TIMEOUT_MS = 120_000;

export type ChunkType = 'script' | 'css';

/** A chunk that failed to load, with what the spec asks to report: its type and requested file. */
export class ChunkLoadError extends Error {
  constructor(
    readonly type: ChunkType,
    readonly request: string,
    cause?: unknown,
  ) {
    super(type === 'css' ? `CSS chunk load failed: ${request}` : `Loading chunk failed: ${request}`, { cause });
    this.name = 'ChunkLoadError';
  }
}

/** The file a failed dynamic import or preload names, e.g. `/assets/gantt-3f2a.js`. */
export function requestedFile(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return /(https?:\/\/\S+|\/assets\/\S+)/.exec(text)?.[1]?.replace(/[)'".,]+$/, '') ?? 'unknown';
}

export function reportChunkError(error: ChunkLoadError): void {
  console.error(error.message, { type: error.type, request: error.request });
}

/** Rejects with a ChunkLoadError when `load` fails or takes longer than the timeout. */
export function loadChunk<T>(load: () => Promise<T>, timeoutMs = CHUNK_TIMEOUT_MS): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError('script', 'timeout')), timeoutMs);
    load().then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof ChunkLoadError ? error : new ChunkLoadError('script', requestedFile(error), error));
      },
    );
  });
}

/**
 * Vite announces a failed stylesheet preload with `vite:preloadError`; report it as a CSS
 * chunk failure and let the screen's own error state offer the retry.
 */
export function watchCssChunkErrors(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    const payload = (event as Event & { payload?: unknown }).payload;
    const request = requestedFile(payload);
    if (request.endsWith('.css')) reportChunkError(new ChunkLoadError('css', request, payload));
  });
}

/** A lazily loaded component that can start loading before it is first drawn. */
export type LazyComponent<P extends object> = ComponentType<P> & { preload(): Promise<unknown> };

/**
 * A lazily loaded component with its loading state, and an error state with a retry that
 * loads the chunk again (React.lazy would keep the failed promise forever). The states are
 * plain markup: this file is on the path of every first render, antd is not.
 */
export function lazyComponent<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyComponent<P> {
  let loaded: ComponentType<P> | null = null;
  let pending: Promise<ComponentType<P>> | null = null;
  // One request however many places ask; a failure is forgotten so that a retry loads again.
  const fetchOnce = () =>
    (pending ??= loadChunk(load).then(
      (module) => (loaded = module.default),
      (failure: unknown) => {
        pending = null;
        throw failure;
      },
    ));

  function LazyComponent(props: P) {
    const { t } = useTranslation('common');
    const [Component, setComponent] = useState<ComponentType<P> | null>(() => loaded);
    const [error, setError] = useState<ChunkLoadError | null>(null);
    const start = useCallback(() => {
      setError(null);
      fetchOnce().then(
        (component) => setComponent(() => component),
        (failure: ChunkLoadError) => {
          reportChunkError(failure);
          setError(failure);
        },
      );
    }, []);
    useEffect(() => {
      // The chunk may have arrived for another instance between this render and now.
      if (loaded) setComponent(() => loaded);
      else start();
    }, [start]);
    if (Component) return <Component {...props} />;
    if (error) {
      return (
        <div className="chunk-state" role="alert">
          <p className="chunk-state-title">{t('chunkError.title')}</p>
          <p>{t('chunkError.description')}</p>
          <p className="chunk-state-detail">{`${error.type === 'css' ? 'CSS' : 'JS'}: ${error.request}`}</p>
          <button type="button" className="plain-button plain-button-primary" onClick={start} autoFocus>
            {t('chunkError.retry')}
          </button>
        </div>
      );
    }
    return (
      <div className="chunk-state" role="status" aria-live="polite">
        <span className="spinner" aria-hidden="true" />
        <span className="visually-hidden">{t('status.loading')}</span>
      </div>
    );
  }
  // A failed preload is reported when the component is drawn and loads again.
  return Object.assign(LazyComponent, { preload: () => fetchOnce().catch(() => undefined) });
}

/** A lazily loaded screen of the route table. */
export const lazyScreen = (load: () => Promise<{ default: ComponentType }>): LazyComponent<object> => lazyComponent(load);
