import hlsWorkerUrl from 'hls.js/dist/hls.worker.js?url';

/** What a tile shows about its stream. */
export type StreamStatus = 'connecting' | 'playing' | 'paused' | 'offline' | 'unsupported';

/** Which player plays it: the browser's own HLS support, or hls.js over Media Source Extensions. */
export type StreamEngine = 'native' | 'hls.js';

export interface StreamHandle {
  engine: StreamEngine;
  /** Stops loading and frees the player; the video element is left empty. */
  destroy(): void;
}

const HLS_TYPE = 'application/vnd.apple.mpegurl';

/** Whether the browser plays HLS by itself (Safari, recent Chrome). */
export const playsHlsNatively = (video: HTMLVideoElement) => video.canPlayType(HLS_TYPE) !== '';

/**
 * Starts loading an HLS stream into a video element: natively where the browser can, with
 * hls.js (loaded on first use) otherwise. `onFatal` is called once the stream is lost for
 * good (hls.js after its own retries; native players report through the element's `error`
 * event, which the caller watches). Null when the browser can play HLS neither way.
 */
export async function attachStream(video: HTMLVideoElement, src: string, onFatal: (reason: string) => void): Promise<StreamHandle | null> {
  if (playsHlsNatively(video)) {
    video.src = src;
    video.load();
    return {
      engine: 'native',
      destroy() {
        video.removeAttribute('src');
        video.load();
      },
    };
  }
  const { default: Hls } = await import('hls.js/light');
  if (!Hls.isSupported()) return null;
  const hls = new Hls({ workerPath: hlsWorkerUrl, enableWorker: true, liveDurationInfinity: true, backBufferLength: 30 });
  let mediaRecovered = false;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return; // hls.js retries those itself
    if (data.type === Hls.ErrorTypes.MEDIA_ERROR && !mediaRecovered) {
      // A decoding hiccup: hls.js can rebuild the media pipeline once.
      mediaRecovered = true;
      hls.recoverMediaError();
      return;
    }
    onFatal(data.details);
  });
  hls.loadSource(src);
  hls.attachMedia(video);
  return {
    engine: 'hls.js',
    destroy() {
      hls.destroy();
    },
  };
}
