import { PictureOutlined } from '@ant-design/icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { WidgetRenderProps } from '../types.ts';
import './image-widget.css';

export interface ImageProps {
  src: string;
  alt: string;
  fit: 'contain' | 'cover' | 'fill' | 'none' | 'scale-down';
  position: string;
  caption?: string;
  link?: string;
}

/** One picture filling the cell, with its caption; a picture that fails to load says so. */
export default function ImageWidget({ props }: WidgetRenderProps<ImageProps>) {
  const { t } = useTranslation('widgets');
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const failed = failedSrc === props.src;
  const picture = failed ? (
    <div className="image-widget-failed" role="img" aria-label={props.alt}>
      <PictureOutlined aria-hidden />
      <span>{t('image.failed')}</span>
    </div>
  ) : (
    <img
      className="image-widget-img"
      src={props.src}
      alt={props.alt}
      style={{ objectFit: props.fit, objectPosition: props.position }}
      onError={() => setFailedSrc(props.src)}
      decoding="async"
    />
  );
  const linked = !props.link ? (
    picture
  ) : props.link.startsWith('/') ? (
    <Link to={props.link} className="image-widget-link">
      {picture}
    </Link>
  ) : (
    <a href={props.link} target="_blank" rel="noopener noreferrer" className="image-widget-link">
      {picture}
    </a>
  );
  return (
    <figure className="image-widget">
      <div className="image-widget-frame">{linked}</div>
      {props.caption ? <figcaption className="image-widget-caption">{props.caption}</figcaption> : null}
    </figure>
  );
}
