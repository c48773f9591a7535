import { memo } from 'react';
import { calloutTextBox, markupBounds, markupOutline, pointAt, type MarkupBody, type SheetPoint } from '../../core/drawings/markup.ts';

/** Lines of a text label, each placed under the one before (SVG has no wrapping of its own). */
export const LINE_HEIGHT = 1.25;

export function textLines(text: string): string[] {
  return text.split('\n');
}

/** Where a measurement's value is written: beside its last point, or in the middle of an area. */
export function measureLabelAt(body: Pick<MarkupBody, 'kind' | 'points' | 'style' | 'text'>): SheetPoint {
  if (body.kind === 'measureArea') {
    const b = markupBounds(body);
    return [b.x + b.width / 2, b.y + b.height / 2];
  }
  const last = pointAt(body.points, body.points.length - 1);
  return [last[0] + body.style.width * 3, last[1] - body.style.width * 3];
}

/** The font size of labels a markup has no font size for: from its line width. */
export function labelSize(body: Pick<MarkupBody, 'style'>): number {
  return body.style.fontSize ?? body.style.width * 7;
}

/** Whether a text reads right to left (Arabic, Hebrew): it is laid out so, still starting at its point. */
export const readsRightToLeft = (text: string) => /^[^A-Za-z\u0590-\u08ff]*[\u0590-\u08ff]/.test(text);

function Label({ at, size, color, text, halo = true }: { at: SheetPoint; size: number; color: string; text: string; halo?: boolean }) {
  const rtl = readsRightToLeft(text);
  return (
    <text
      direction={rtl ? 'rtl' : undefined}
      textAnchor={rtl ? 'end' : undefined}
      x={at[0]}
      y={at[1]}
      fontSize={size}
      fill={color}
      stroke={halo ? '#ffffff' : undefined}
      strokeWidth={halo ? size / 6 : undefined}
      paintOrder="stroke"
      fontFamily="system-ui, sans-serif"
    >
      {textLines(text).map((line, i) => (
        <tspan key={i} x={at[0]} y={at[1] + size * 0.9 + i * size * LINE_HEIGHT}>
          {line || ' '}
        </tspan>
      ))}
    </text>
  );
}

export interface ShapeTexts {
  /** A stamp's words in the reader's language. */
  stamp: (stamp: NonNullable<MarkupBody['stamp']>) => string;
  /** A measurement's value in the chosen unit, or null for other kinds. */
  measure: (body: MarkupBody) => string | null;
  /** The label of a link without one. */
  link: string;
}

/** One markup in sheet coordinates (the layer's transform puts it on the screen). */
export const MarkupShape = memo(function MarkupShape({
  body,
  texts,
  faded,
  itemKey,
}: {
  body: MarkupBody;
  texts: ShapeTexts;
  /** Drawn on an earlier revision: shown a little lighter. */
  faded?: boolean;
  itemKey?: string;
}) {
  const { style } = body;
  const outline = markupOutline(body);
  const stroke = style.color;
  const measure = texts.measure(body);
  const opacity = style.opacity * (faded ? 0.75 : 1);
  return (
    <g opacity={opacity} data-markup-key={itemKey} data-kind={body.kind} className={`markup-shape markup-${body.kind}`}>
      {outline.d && (
        <path
          d={outline.d}
          fill={outline.closed && style.fill ? style.fill : body.kind === 'callout' ? '#ffffff' : 'none'}
          fillOpacity={outline.closed && style.fill ? 0.25 : 1}
          stroke={stroke}
          strokeWidth={style.width}
          strokeLinecap={body.kind === 'highlighter' ? 'butt' : 'round'}
          strokeLinejoin="round"
          strokeDasharray={body.kind === 'link' ? `${style.width * 3} ${style.width * 2}` : undefined}
        />
      )}
      {outline.solid && <path d={outline.solid} fill={stroke} stroke="none" />}
      {body.kind === 'photo' && (() => {
        const b = markupBounds(body);
        return <circle cx={b.x + b.width / 2} cy={b.y + b.width * 0.35} r={b.width * 0.14} fill="#ffffff" />;
      })()}
      {body.kind === 'text' && body.text && <Label at={pointAt(body.points, 0)} size={style.fontSize ?? 12} color={stroke} text={body.text} halo={false} />}
      {body.kind === 'callout' && body.text && (() => {
        const box = calloutTextBox(body);
        const pad = (style.fontSize ?? 12) * 0.4;
        return <Label at={[box.x + pad, box.y + pad]} size={style.fontSize ?? 12} color={stroke} text={body.text} halo={false} />;
      })()}
      {body.kind === 'stamp' && body.stamp && (() => {
        const b = markupBounds(body);
        const size = Math.min(b.height * 0.5, (b.width / Math.max(texts.stamp(body.stamp).length, 1)) * 1.5);
        return (
          <text
            x={b.x + b.width / 2}
            y={b.y + b.height / 2}
            fontSize={size}
            fill={stroke}
            fontWeight={700}
            textAnchor="middle"
            dominantBaseline="central"
            fontFamily="system-ui, sans-serif"
          >
            {texts.stamp(body.stamp).toUpperCase()}
          </text>
        );
      })()}
      {body.kind === 'link' && (() => {
        const b = markupBounds(body);
        return <Label at={[b.x + style.width * 2, b.y + style.width * 2]} size={labelSize(body)} color={stroke} text={body.text ?? texts.link} />;
      })()}
      {measure !== null && <Label at={measureLabelAt(body)} size={labelSize(body)} color={stroke} text={measure} />}
    </g>
  );
});
