import { idSchema, pagingProperties, strictObject, type Validated } from './common.ts';

/** The notification service's own prefix, beside the platform's (spec §7). */
const NOTIFY_PREFIX = '/proptech_notify';

/** The notification endpoints; the event stream's two paths follow below. */
export const NOTIFY_PATHS = {
  summary: `${NOTIFY_PREFIX}/notify`,
  page: `${NOTIFY_PREFIX}/notify/page`,
  mark: `${NOTIFY_PREFIX}/notify/mark`,
  send: `${NOTIFY_PREFIX}/notify/send`,
} as const;

const notifyTypeSchema = { type: 'string', minLength: 1, maxLength: 32, pattern: '^[A-Za-z0-9_-]+$' } as const;

export const notifyPageBody = strictObject({
  notifyType: { anyOf: [notifyTypeSchema, { type: 'null' }], default: null },
  read: { type: 'boolean' },
  ...pagingProperties,
});
export type NotifyPageBody = Validated<typeof notifyPageBody>;

/** With an id, marks that notification read; without one, marks all of the user's. */
export const notifyMarkBody = strictObject({ id: idSchema });
export type NotifyMarkBody = Validated<typeof notifyMarkBody>;

export const notifySendBody = strictObject(
  {
    notifyType: notifyTypeSchema,
    title: { type: 'string', minLength: 1, maxLength: 200, pattern: '\\S' },
    content: { type: 'string', maxLength: 4000, default: '' },
    link: { type: 'string', maxLength: 1024, pattern: '^/[^\\s<>"]*$' },
    userIds: { type: 'array', items: idSchema, minItems: 1, maxItems: 1000, uniqueItems: true },
  },
  ['notifyType', 'title'],
);
export type NotifySendBody = Validated<typeof notifySendBody>;

/** How many notifications `GET notify` returns beside the unread count. */
export const NOTIFY_LATEST_COUNT = 5;

/**
 * The event stream of new notifications. EventSource cannot send the token header, and a token
 * in the address would be written to access logs and proxies: the stream is opened with a
 * ticket, asked for (token in the header, as every call) right before each (re)connect.
 */
export const NOTIFY_STREAM_PATH = `${NOTIFY_PREFIX}/notify/stream`;
export const NOTIFY_STREAM_TICKET_PATH = `${NOTIFY_STREAM_PATH}/ticket`;
/** How long a ticket opens the stream; it opens it once. */
export const STREAM_TICKET_SECONDS = 30;

export interface StreamTicket {
  ticket: string;
  /** Seconds left to open the stream with it. */
  expiresIn: number;
}
