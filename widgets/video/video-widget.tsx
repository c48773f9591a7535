import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { WidgetRenderProps } from '../types.ts';
import type { VideoProps } from './video-props.ts';
import { neighbour, wallColumns, type Arrow } from './wall-layout.ts';
import { VideoTile, type VideoTileHandle } from './video-tile.tsx';
import './video-widget.css';

/**
 * Live video: one stream, or a wall of camera tiles. Every tile starts muted; turning one
 * tile's sound on turns the others' off, so the wall never speaks over itself.
 */
export default function VideoWidget({ props }: WidgetRenderProps<VideoProps>) {
  const { t, i18n } = useTranslation('widgets');
  const count = props.streams.length;
  const columns = wallColumns(count, props.columns);
  const rows = Math.ceil(count / columns);
  const [soundTile, setSoundTile] = useState<number | null>(props.muted ? null : 0);
  const tiles = useRef<(VideoTileHandle | null)[]>([]);
  const rtl = i18n.dir(i18n.resolvedLanguage ?? i18n.language) === 'rtl';

  const navigate = useCallback(
    (index: number, key: Arrow) => tiles.current[neighbour(index, key, count, columns, rtl)]?.focus(),
    [count, columns, rtl],
  );

  return (
    <div
      className={`video-widget${count > 1 ? ' video-widget-wall' : ''}`}
      role={count > 1 ? 'group' : undefined}
      aria-label={count > 1 ? t('video.wall') : undefined}
      style={{ gridTemplateColumns: `repeat(${columns}, minmax(0, 1fr))`, gridTemplateRows: `repeat(${rows}, minmax(0, 1fr))` }}
    >
      {props.streams.map((stream, index) => (
        <VideoTile
          // The same camera may be shown twice; its place identifies the tile.
          key={`${index}:${stream.src}`}
          ref={(tile) => {
            tiles.current[index] = tile;
          }}
          stream={stream}
          muted={soundTile !== index}
          autoplay={props.autoplay}
          fit={props.fit}
          retrySeconds={props.retrySeconds}
          onSound={(on) => setSoundTile((current) => (on ? index : current === index ? null : current))}
          onNavigate={(key) => navigate(index, key)}
        />
      ))}
    </div>
  );
}
