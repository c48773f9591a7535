import type { Transporter } from 'nodemailer';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import type { Clock } from '../clock.ts';
import type { DB } from '../db/schema.ts';

/** Where verification codes and other messages to people go. */
export interface MessageSender {
  sendSms(to: string, text: string): Promise<void>;
  sendEmail(to: string, subject: string, text: string): Promise<void>;
}

/** A message as handed to delivery, code and all. */
export interface SentMessage {
  channel: 'SMS' | 'EMAIL';
  to: string;
  subject: string;
  text: string;
}

/** Sees every message as it is sent: tests read codes there, so no code is kept in the database. */
export type MessageTap = (message: SentMessage) => void;

/** A verification code is six digits (verificationCodeSchema); a longer run of digits is something else. */
const CODE = /(?<!\d)\d{6}(?!\d)/g;

/** The text with every code hidden: what is kept of a message, so a copy of the database holds no live code. */
export const maskCodes = (text: string) => text.replace(CODE, '••••••');

/**
 * Delivery with no mail server: every message is kept in the outbox table and written to the
 * log, codes masked. `logCodes` (not in production) writes them to the log in full, so a local
 * operator can hand a code to whoever asked for it; they are never kept.
 */
export class OutboxSender implements MessageSender {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
    private readonly logCodes = false,
  ) {}

  async sendSms(to: string, text: string): Promise<void> {
    await this.keep('SMS', to, '', text);
  }

  async sendEmail(to: string, subject: string, text: string): Promise<void> {
    await this.keep('EMAIL', to, subject, text);
  }

  private async keep(channel: 'SMS' | 'EMAIL', recipient: string, subject: string, text: string) {
    const body = maskCodes(text);
    await this.db
      .insertInto('outbox')
      .values({ channel, recipient, subject, body, create_time: new Date(this.clock.now()).toISOString() })
      .execute();
    this.log.info({ outbox: { channel, recipient, subject, body: this.logCodes ? text : body } }, 'message kept in outbox');
  }
}

/** E-mail over SMTP (nodemailer); SMS still goes to the outbox, as no SMS gateway is configured. */
export class SmtpSender implements MessageSender {
  private transport: Promise<Transporter> | null = null;

  constructor(
    private readonly smtpUrl: string,
    private readonly from: string,
    private readonly sms: MessageSender,
  ) {}

  /** nodemailer loads with the first e-mail, not with the server. */
  private transporter(): Promise<Transporter> {
    this.transport ??= import('nodemailer').then(({ default: nodemailer }) => nodemailer.createTransport(this.smtpUrl));
    return this.transport;
  }

  sendSms(to: string, text: string): Promise<void> {
    return this.sms.sendSms(to, text);
  }

  async sendEmail(to: string, subject: string, text: string): Promise<void> {
    await (await this.transporter()).sendMail({ from: this.from, to, subject, text });
  }
}

/** Hands each message to `tap` as well as to the sender. */
export class TappedSender implements MessageSender {
  constructor(
    private readonly sender: MessageSender,
    private readonly tap: MessageTap,
  ) {}

  sendSms(to: string, text: string): Promise<void> {
    this.tap({ channel: 'SMS', to, subject: '', text });
    return this.sender.sendSms(to, text);
  }

  sendEmail(to: string, subject: string, text: string): Promise<void> {
    this.tap({ channel: 'EMAIL', to, subject, text });
    return this.sender.sendEmail(to, subject, text);
  }
}

export function createMessageSender(options: {
  db: Kysely<DB>;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl: string;
  mailFrom: string;
  logCodes: boolean;
  tap?: MessageTap;
}): MessageSender {
  const outbox = new OutboxSender(options.db, options.clock, options.log, options.logCodes);
  const sender = options.smtpUrl ? new SmtpSender(options.smtpUrl, options.mailFrom, outbox) : outbox;
  return options.tap ? new TappedSender(sender, options.tap) : sender;
}
