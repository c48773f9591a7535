import http from 'node:http';

export type StreamEvent = { event: string; data: unknown };

/** A `data` handler for a server-sent event stream: adds each whole event to `events`, then calls `onEvent`. */
export function streamEventReader(events: StreamEvent[], onEvent: () => void): (chunk: string) => void {
  let buffer = '';
  return (chunk) => {
    buffer += chunk;
    let end;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const event = /^event: (.+)$/m.exec(block)?.[1];
      const data = /^data: (.+)$/m.exec(block)?.[1];
      if (event && data) events.push({ event, data: JSON.parse(data) });
      onEvent();
    }
  };
}

/** Opens the event stream with a ticket (asked for with the token, as the web client does) and collects its events until closed. */
export async function openNotifyStream(url: string, token: string) {
  const answer = await fetch(`${url}/api/proptech_notify/notify/stream/ticket`, { method: 'POST', headers: { token } });
  const { ticket } = ((await answer.json()) as { data: { ticket: string } }).data;
  const events: StreamEvent[] = [];
  let onEvent: () => void = () => {};
  const request = http.get(`${url}/api/proptech_notify/notify/stream?ticket=${encodeURIComponent(ticket)}`, (response) => {
    response.setEncoding('utf8');
    response.on('data', streamEventReader(events, () => onEvent()));
  });
  const waitFor = (count: number) =>
    new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`only ${events.length} events`)), 5000);
      onEvent = () => {
        if (events.length >= count) {
          clearTimeout(timer);
          resolve();
        }
      };
      onEvent();
    });
  return { events, waitFor, close: () => request.destroy() };
}
