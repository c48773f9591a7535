import { ExportOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { WidgetRenderProps } from '../types.ts';
import './iframe-widget.css';

export interface IframeProps {
  url: string;
  title: string;
  sandbox: string[];
  allow: string[];
  referrerPolicy: 'no-referrer' | 'origin' | 'strict-origin-when-cross-origin';
}

/** Another page in a sandboxed frame, with a link that opens it in its own tab. */
export default function IframeWidget({ props }: WidgetRenderProps<IframeProps>) {
  const { t } = useTranslation('widgets');
  return (
    <div className="iframe-widget">
      <iframe
        className="iframe-widget-frame"
        src={props.url}
        title={props.title}
        sandbox={props.sandbox.join(' ')}
        allow={props.allow.join('; ')}
        referrerPolicy={props.referrerPolicy}
        loading="lazy"
      />
      <a className="iframe-widget-open" href={props.url} target="_blank" rel="noopener noreferrer">
        <ExportOutlined aria-hidden /> {t('iframe.open')}
      </a>
    </div>
  );
}
