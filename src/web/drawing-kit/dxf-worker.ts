import { readDxf } from '../../core/drawings/dxf/read-dxf.ts';

/** Reads a DXF off the page's thread: a large drawing takes seconds to parse. */
self.onmessage = async (event: MessageEvent<{ url: string }>) => {
  try {
    const answer = await fetch(event.data.url, { credentials: 'same-origin' });
    if (!answer.ok) throw new Error(`HTTP ${answer.status}`);
    const list = readDxf(await answer.text());
    self.postMessage({ list });
  } catch (error) {
    self.postMessage({ error: error instanceof Error ? error.message : String(error) });
  }
};
