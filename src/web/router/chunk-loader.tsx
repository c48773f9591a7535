import { Button, Result, Spin } from 'antd';
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

type ScreenModule = { default: ComponentType };

/**
 * A lazily loaded screen with its loading state, and an error state with a retry that
 * loads the chunk again (React.lazy would keep the failed promise forever).
 */
export function lazyScreen(load: () => Promise<ScreenModule>): ComponentType {
  let loaded: ComponentType | null = null;
  return function LazyScreen() {
    const { t } = useTranslation('common');
    const [Screen, setScreen] = useState<ComponentType | null>(() => loaded);
    const [error, setError] = useState<ChunkLoadError | null>(null);
    const start = useCallback(() => {
      setError(null);
      loadChunk(load).then(
        (module) => {
          loaded = module.default;
          setScreen(() => module.default);
        },
        (failure: ChunkLoadError) => {
          reportChunkError(failure);
          setError(failure);
        },
      );
    }, []);
    useEffect(() => {
      if (!loaded) start();
    }, [start]);
    if (Screen) return <Screen />;
    if (error) {
      return (
        <Result
          status="warning"
          title={t('chunkError.title')}
          subTitle={`${error.type === 'css' ? 'CSS' : 'JS'}: ${error.request}`}
          extra={
            <Button type="primary" onClick={start} autoFocus>
              {t('chunkError.retry')}
            </Button>
          }
        />
      );
    }
    return (
      <div style={{ padding: 48, textAlign: 'center' }} role="status" aria-live="polite">
        <Spin />
      </div>
    );
  };
}
