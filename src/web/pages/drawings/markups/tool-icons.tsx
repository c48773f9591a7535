import type { Tool } from './markup-store.ts';

/** A 16 px line drawing of each tool, in the current text colour (antd has no icons for most). */
const PATHS: Record<Tool, string> = {
  pan: 'M8 1v14M1 8h14M8 1 6 3M8 1l2 2M8 15l-2-2M8 15l2-2M1 8l2-2M1 8l2 2M15 8l-2-2M15 8l-2 2',
  select: 'M3 2l9 5-4 1.5L10.5 13 9 14 6.5 9.5 3 12z',
  rectangle: 'M2 4h12v8H2z',
  ellipse: 'M8 3.5c3.3 0 6 2 6 4.5s-2.7 4.5-6 4.5S2 10.5 2 8s2.7-4.5 6-4.5z',
  cloud: 'M3 5a1.5 1.5 0 0 1 3-1 1.5 1.5 0 0 1 3 0 1.5 1.5 0 0 1 3 1 1.5 1.5 0 0 1 1 3 1.5 1.5 0 0 1-1 3 1.5 1.5 0 0 1-3 1 1.5 1.5 0 0 1-3 0 1.5 1.5 0 0 1-3-1 1.5 1.5 0 0 1-1-3 1.5 1.5 0 0 1 1-3z',
  arrow: 'M2 14 13 3M8 3h5v5',
  line: 'M2 14 14 2',
  polyline: 'M2 13 6 5l4 6 4-8',
  freehand: 'M2 11c2-5 3-5 4-2s2 3 3-1 3-4 5 1',
  text: 'M3 3h10M8 3v10M6 13h4',
  callout: 'M2 2h12v7H7l-3 3V9H2z',
  highlighter: 'M2 12h12M4 9l5-6 3 3-6 5z',
  stamp: 'M6 2h4v4l2 3H4l2-3zM3 10h10v2H3zM2 14h12',
  photo: 'M2 4h3l1-2h4l1 2h3v9H2zM8 6a2.5 2.5 0 1 0 0 5 2.5 2.5 0 1 0 0-5',
  link: 'M7 9a2.5 2.5 0 0 0 3.5 0l2.5-2.5a2.5 2.5 0 0 0-3.5-3.5L8.5 4M9 7a2.5 2.5 0 0 0-3.5 0L3 9.5A2.5 2.5 0 0 0 6.5 13l1-1',
  measureLength: 'M2 6v6M14 6v6M2 9h12M5 9v-1.5M8 9V7M11 9v-1.5',
  measurePolyline: 'M2 13 6 5l4 6 4-8M2 13v0M6 5v0',
  measureArea: 'M2 3h8l4 4v6H2zM5 7v3h4',
  measureCount: 'M4 4a1.5 1.5 0 1 0 0 .1M12 4a1.5 1.5 0 1 0 0 .1M4 12a1.5 1.5 0 1 0 0 .1M12 12a1.5 1.5 0 1 0 0 .1',
  calibrate: 'M1 11h14v3H1zM4 11v1.5M7 11v2M10 11v1.5M13 11v2M8 2v6M6 6l2 2 2-2',
};

export function ToolIcon({ tool }: { tool: Tool }) {
  return (
    <span className="anticon markup-tool-icon" role="img" aria-hidden="true">
      <svg width="1em" height="1em" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth={1.4} strokeLinecap="round" strokeLinejoin="round">
        <path d={PATHS[tool]} />
      </svg>
    </span>
  );
}
