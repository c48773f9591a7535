import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router-dom';
import type { WidgetRenderProps } from '../types.ts';
import { renderMarkdown } from './render-markdown.ts';
import './markdown-widget.css';

export interface MarkdownProps {
  content: string;
  align: 'start' | 'center' | 'end';
  size: 'small' | 'default' | 'large';
  tone: 'none' | 'info' | 'success' | 'warning' | 'error';
}

/** Sanitised Markdown; links within Plinth navigate in place, others open in a new tab. */
export default function MarkdownWidget({ props }: WidgetRenderProps<MarkdownProps>) {
  const html = useMemo(() => renderMarkdown(props.content), [props.content]);
  const navigate = useNavigate();
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    const link = (event.target as HTMLElement).closest('a');
    const href = link?.getAttribute('href');
    if (!href || !href.startsWith('/') || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    navigate(href);
  };
  return (
    <div
      // The text takes the direction of its own language, whatever the page's.
      dir="auto"
      className={`markdown-widget markdown-widget-${props.size} markdown-widget-tone-${props.tone}`}
      style={{ textAlign: props.align }}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: html }}
    />
  );
}
