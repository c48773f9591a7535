import {
  CaretRightOutlined,
  DisconnectOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  MutedOutlined,
  PauseOutlined,
  ReloadOutlined,
  SoundOutlined,
} from '@ant-design/icons';
import { useCallback, useEffect, useImperativeHandle, useRef, useState, type KeyboardEvent, type ReactNode, type Ref, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';
import { attachStream, type StreamEngine, type StreamStatus } from './stream-player.ts';
import type { VideoStream } from './video-props.ts';

/** A stream that has not started playing after this long is taken as offline. */
const CONNECT_TIMEOUT_MS = 20_000;

export interface VideoTileProps {
  stream: VideoStream;
  muted: boolean;
  autoplay: boolean;
  fit: 'contain' | 'cover';
  retrySeconds: number;
  /** The tile asks for sound (unmuted) or gives it up. */
  onSound: (on: boolean) => void;
  /** Arrow keys: the wall moves the focus to a neighbouring tile. */
  onNavigate: (key: 'ArrowLeft' | 'ArrowRight' | 'ArrowUp' | 'ArrowDown') => void;
  ref?: Ref<VideoTileHandle>;
}

export interface VideoTileHandle {
  focus(): void;
}

/** Sees whether the element is on screen, so a wall scrolled away stops loading. */
function useOnScreen(ref: RefObject<HTMLElement | null>): boolean {
  const [onScreen, setOnScreen] = useState(true);
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver((entries) => setOnScreen(entries[entries.length - 1]?.isIntersecting ?? true));
    observer.observe(element);
    return () => observer.disconnect();
  }, [ref]);
  return onScreen;
}

function ControlButton({ label, onClick, children }: { label: string; onClick: () => void; children: ReactNode }) {
  return (
    <button type="button" className="video-tile-button" aria-label={label} title={label} onClick={onClick}>
      {children}
    </button>
  );
}

/** One camera: the picture, its name and status, controls, and what to do when it is offline. */
export function VideoTile({ stream, muted, autoplay, fit, retrySeconds, onSound, onNavigate, ref }: VideoTileProps) {
  const { t } = useTranslation('widgets');
  const tileRef = useRef<HTMLDivElement>(null);
  const videoRef = useRef<HTMLVideoElement>(null);
  const [status, setStatus] = useState<StreamStatus>('connecting');
  const [engine, setEngine] = useState<StreamEngine | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [secondsLeft, setSecondsLeft] = useState<number | null>(null);
  const [fullscreen, setFullscreen] = useState(false);
  const onScreen = useOnScreen(tileRef);

  useImperativeHandle(ref, () => ({ focus: () => tileRef.current?.focus() }), []);
  // Read by the stream effect without reloading the stream when they change.
  const statusRef = useRef(status);
  statusRef.current = status;
  const onSoundRef = useRef(onSound);
  onSoundRef.current = onSound;
  const engineRef = useRef<StreamEngine | null>(null);

  // Load the stream while the tile is on screen; a retry is a fresh attempt.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !onScreen) return;
    let live = true;
    let player: { destroy(): void } | null = null;
    const goOffline = () => live && setStatus('offline');
    setStatus('connecting');
    setSecondsLeft(null);
    const timeout = setTimeout(() => {
      if (statusRef.current === 'connecting') goOffline();
    }, CONNECT_TIMEOUT_MS);
    attachStream(video, stream.src, goOffline).then(
      (attached) => {
        if (!live) return attached?.destroy();
        if (!attached) return setStatus('unsupported');
        player = attached;
        engineRef.current = attached.engine;
        setEngine(attached.engine);
        if (!autoplay) return setStatus('paused');
        video.play().catch((error: unknown) => {
          // Browsers refuse to start with sound before the user has interacted: start muted instead.
          if (live && error instanceof DOMException && error.name === 'NotAllowedError' && !video.muted) {
            video.muted = true;
            onSoundRef.current(false);
            video.play().catch(() => live && setStatus('paused'));
          }
        });
      },
      goOffline, // hls.js could not be loaded
    );
    return () => {
      live = false;
      clearTimeout(timeout);
      engineRef.current = null;
      player?.destroy();
    };
  }, [stream.src, attempt, onScreen, autoplay]);

  // The element's own events say what the picture is doing.
  useEffect(() => {
    const video = videoRef.current;
    if (!video) return;
    const events: [string, () => void][] = [
      ['playing', () => setStatus('playing')],
      ['waiting', () => setStatus((s) => (s === 'offline' ? s : 'connecting'))],
      ['pause', () => setStatus((s) => (s === 'offline' || s === 'unsupported' ? s : 'paused'))],
      // hls.js reports (and first tries to repair) errors itself; the element's own errors count for native playback.
      ['error', () => engineRef.current === 'native' && video.error && setStatus('offline')],
    ];
    for (const [name, listener] of events) video.addEventListener(name, listener);
    return () => {
      for (const [name, listener] of events) video.removeEventListener(name, listener);
    };
  }, []);

  useEffect(() => {
    if (videoRef.current) videoRef.current.muted = muted;
  }, [muted]);

  // Offline: count down to the next try.
  useEffect(() => {
    if (status !== 'offline' || retrySeconds <= 0) return;
    setSecondsLeft(retrySeconds);
    const timer = setInterval(() => {
      setSecondsLeft((left) => {
        if (left === null) return left;
        if (left <= 1) {
          setAttempt((n) => n + 1);
          return null;
        }
        return left - 1;
      });
    }, 1000);
    return () => clearInterval(timer);
  }, [status, retrySeconds]);

  useEffect(() => {
    const onChange = () => setFullscreen(document.fullscreenElement === tileRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  const toggleFullscreen = useCallback(() => {
    if (document.fullscreenElement === tileRef.current) void document.exitFullscreen();
    else void tileRef.current?.requestFullscreen?.();
  }, []);
  const togglePlay = useCallback(() => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) void video.play().catch(() => undefined);
    else video.pause();
  }, []);
  const toggleSound = () => onSound(muted);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.altKey || event.ctrlKey || event.metaKey) return;
    const onTile = event.target === tileRef.current;
    const key = event.key;
    if (key === 'ArrowLeft' || key === 'ArrowRight' || key === 'ArrowUp' || key === 'ArrowDown') {
      event.preventDefault();
      onNavigate(key);
    } else if ((key === 'Enter' && onTile) || key === 'f' || key === 'F') {
      event.preventDefault();
      toggleFullscreen();
    } else if (key === 'm' || key === 'M') {
      event.preventDefault();
      toggleSound();
    } else if ((key === ' ' && onTile) || key === 'k' || key === 'K') {
      event.preventDefault();
      if (status === 'offline') retry();
      else togglePlay();
    } else if ((key === 'r' || key === 'R') && status === 'offline') {
      event.preventDefault();
      retry();
    }
  };

  // A demo stream plays a recording or a test pattern: it is not live.
  const statusText = t(`video.status.${status === 'unsupported' ? 'offline' : status === 'playing' && stream.demo ? 'demo' : status}`);
  return (
    <div
      ref={tileRef}
      className={`video-tile${fullscreen ? ' video-tile-fullscreen' : ''}`}
      role="group"
      tabIndex={0}
      aria-label={t('video.tile', { name: stream.name, status: statusText })}
      aria-description={t('video.keys')}
      data-status={status}
      data-demo={stream.demo || undefined}
      data-engine={engine ?? undefined}
      onKeyDown={onKeyDown}
      onDoubleClick={toggleFullscreen}
    >
      <video
        ref={videoRef}
        className="video-tile-video"
        style={{ objectFit: fit }}
        poster={stream.poster}
        muted={muted}
        autoPlay={autoplay}
        playsInline
        loop
        disablePictureInPicture
        aria-hidden="true"
      />
      <div className="video-tile-head">
        <span className="video-tile-name" dir="auto">
          {stream.name}
        </span>
        <span className="video-tile-status">
          <span className="video-tile-dot" aria-hidden="true" />
          {statusText}
        </span>
      </div>
      {status === 'offline' || status === 'unsupported' ? (
        <div className="video-tile-offline">
          <DisconnectOutlined className="video-tile-offline-icon" aria-hidden />
          <p>{status === 'unsupported' ? t('video.unsupported') : t('video.offlineHint')}</p>
          {status === 'offline' ? (
            <>
              <button type="button" className="video-tile-retry" onClick={retry}>
                <ReloadOutlined aria-hidden /> {t('video.retry')}
              </button>
              {secondsLeft !== null ? <p className="video-tile-countdown">{t('video.retryIn', { seconds: secondsLeft })}</p> : null}
            </>
          ) : null}
        </div>
      ) : null}
      <div className="video-tile-controls">
        {status !== 'offline' && status !== 'unsupported' ? (
          <ControlButton label={status === 'paused' ? t('video.play') : t('video.pause')} onClick={togglePlay}>
            {status === 'paused' ? <CaretRightOutlined /> : <PauseOutlined />}
          </ControlButton>
        ) : null}
        <ControlButton label={muted ? t('video.soundOn') : t('video.soundOff')} onClick={toggleSound}>
          {muted ? <MutedOutlined /> : <SoundOutlined />}
        </ControlButton>
        <ControlButton label={fullscreen ? t('video.exitFullscreen') : t('video.fullscreen')} onClick={toggleFullscreen}>
          {fullscreen ? <FullscreenExitOutlined /> : <FullscreenOutlined />}
        </ControlButton>
      </div>
    </div>
  );
}
