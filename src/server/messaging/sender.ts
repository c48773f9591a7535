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

/** Development delivery: every message is kept in the outbox table and written to the log. */
export class OutboxSender implements MessageSender {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly log: FastifyBaseLogger,
  ) {}

  async sendSms(to: string, text: string): Promise<void> {
    await this.keep('SMS', to, '', text);
  }

  async sendEmail(to: string, subject: string, text: string): Promise<void> {
    await this.keep('EMAIL', to, subject, text);
  }

  private async keep(channel: 'SMS' | 'EMAIL', recipient: string, subject: string, body: string) {
    await this.db
      .insertInto('outbox')
      .values({ channel, recipient, subject, body, create_time: new Date(this.clock.now()).toISOString() })
      .execute();
    this.log.info({ outbox: { channel, recipient, subject, body } }, 'message kept in outbox');
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

export function createMessageSender(options: {
  db: Kysely<DB>;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl: string;
  mailFrom: string;
}): MessageSender {
  const outbox = new OutboxSender(options.db, options.clock, options.log);
  return options.smtpUrl ? new SmtpSender(options.smtpUrl, options.mailFrom, outbox) : outbox;
}
