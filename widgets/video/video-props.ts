/** The props of props.schema.json, defaults applied. */
export interface VideoStream {
  name: string;
  src: string;
  poster?: string;
}

export interface VideoProps {
  streams: VideoStream[];
  columns?: number;
  muted: boolean;
  autoplay: boolean;
  fit: 'contain' | 'cover';
  retrySeconds: number;
}
