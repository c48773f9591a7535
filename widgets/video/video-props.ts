/** The props of props.schema.json, defaults applied. */
export interface VideoStream {
  name: string;
  src: string;
  poster?: string;
  /** A recorded or test stream, not a camera: said so where a camera's tile says "Live". */
  demo?: boolean;
}

export interface VideoProps {
  streams: VideoStream[];
  columns?: number;
  muted: boolean;
  autoplay: boolean;
  fit: 'contain' | 'cover';
  retrySeconds: number;
}
