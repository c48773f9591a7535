import type { FastifyInstance } from 'fastify';
import {
  NOTIFY_PATHS,
  NOTIFY_STREAM_PATH,
  NOTIFY_STREAM_TICKET_PATH,
  notifyMarkBody,
  notifyPageBody,
  notifySendBody,
  type NotifyMarkBody,
  type NotifyPageBody,
  type NotifySendBody,
  type StreamTicket,
} from '../../../core/contracts/notify.ts';
import { TenantScope } from '../../db/tenant-scope.ts';
import { rawToken, scopeOf, sessionOf } from '../../plugins/auth.ts';
import { markRead, notifySummary, pageNotifications, sendNotifications, unreadCount } from './service.ts';
import { StreamTickets } from './stream-tickets.ts';

const HEARTBEAT_MS = 25_000;

export async function notifyRoutes(app: FastifyInstance): Promise<void> {
  const { clock, notifyBus, db, tokens } = app.services;
  const tickets = new StreamTickets(clock, tokens);

  app.post<{ Body: NotifyPageBody }>(NOTIFY_PATHS.page, { schema: { body: notifyPageBody } }, async (request) =>
    pageNotifications(scopeOf(request), sessionOf(request).userId, request.body),
  );

  app.get(NOTIFY_PATHS.summary, async (request) => notifySummary(scopeOf(request), sessionOf(request).userId));

  app.put<{ Body: NotifyMarkBody }>(NOTIFY_PATHS.mark, { schema: { body: notifyMarkBody } }, async (request) =>
    markRead(scopeOf(request), sessionOf(request).userId, request.body.id),
  );

  // Announcements from an administrator (or a holder of notify:send) to chosen users or everyone.
  app.post<{ Body: NotifySendBody }>(
    NOTIFY_PATHS.send,
    { schema: { body: notifySendBody }, config: { point: 'notify:send' } },
    async (request) => {
      const scope = scopeOf(request);
      const userIds =
        request.body.userIds ?? (await scope.selectFrom('tenant_member').select('user_id').execute()).map((r) => r.user_id);
      return { sent: await sendNotifications({ clock, bus: notifyBus }, scope, userIds, request.body) };
    },
  );

  // A ticket for opening the stream once, asked for with the token in the header right before each (re)connect.
  app.post(NOTIFY_STREAM_TICKET_PATH, async (request): Promise<StreamTicket> => tickets.issue(sessionOf(request), rawToken(request)!));

  // Server-sent events: `unread` once on connect, then `notify` for each new notification, and
  // other modules' pushes by their own type (`drawingUpload`). The ticket alone says whose
  // stream it is; a token (in the address or a header) opens nothing.
  app.get<{ Querystring: { ticket?: unknown } }>(NOTIFY_STREAM_PATH, { config: { auth: 'public' } }, async (request, reply) => {
    const { ticket } = request.query;
    const { userId, tenantId } = await tickets.redeem(typeof ticket === 'string' ? ticket : undefined);
    const scope = new TenantScope(db, tenantId);
    const count = await unreadCount(scope, userId);
    reply.hijack();
    const out = reply.raw;
    out.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
    });
    const send = (event: string, data: unknown) => out.write(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
    out.write(`retry: 5000\n\n`);
    send('unread', { unreadCount: count });
    const unsubscribe = notifyBus.subscribe(scope.tenantId, userId, (event) => {
      if ('type' in event) send(event.type, event.data);
      else if (event.notification) send('notify', { notification: event.notification, unreadCount: event.unreadCount });
      else send('unread', { unreadCount: event.unreadCount });
    });
    const heartbeat = setInterval(() => out.write(': keep-alive\n\n'), HEARTBEAT_MS);
    request.raw.on('close', () => {
      clearInterval(heartbeat);
      unsubscribe();
    });
  });
}
