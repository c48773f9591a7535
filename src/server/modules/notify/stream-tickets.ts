import crypto from 'node:crypto';
import { STREAM_TICKET_SECONDS, type StreamTicket } from '../../../core/contracts/notify.ts';
import type { Clock } from '../../clock.ts';
import { unauthorized } from '../../errors.ts';
import { ResultCode } from '../../../core/result-codes.ts';
import type { Session, TokenService } from '../auth/tokens.ts';

interface Ticket {
  userId: number;
  tenantId: number;
  tokenId: number;
  /**
   * The session's token, so opening the stream checks the session as every call does (a
   * ticket of a session ended meanwhile opens nothing). Held in memory only, like the token
   * of the request that asked; never written anywhere.
   */
  token: string;
  expiresAt: number;
}

/** Live tickets one session may hold at once: a tab reconnecting asks again, a few tabs share a session. */
const TICKETS_PER_SESSION = 10;

const refused = () => unauthorized(ResultCode.UNAUTHORIZED, 'The notification stream needs a new ticket: ask for one and connect again');

/**
 * Single-use tickets that open the notification stream, each bound to the user, tenant and
 * session that asked for it and good for STREAM_TICKET_SECONDS by the app's clock.
 *
 * Kept in this process's memory rather than in the database: a ticket is used seconds after it
 * is given, by the client that asked, and the client asks for a new one on every (re)connect,
 * so one lost to a restart costs a single retry; a table would take two writes per connect
 * and a sweep for nothing. Like the in-process notify bus, this assumes one server (or sticky
 * routing); several instances need a shared store behind the same two methods.
 */
export class StreamTickets {
  /** By ticket, in the order given: with one lifetime for all, also the order they expire in. */
  private readonly tickets = new Map<string, Ticket>();
  private readonly bySession = new Map<number, string[]>();

  constructor(
    private readonly clock: Clock,
    private readonly tokens: TokenService,
  ) {}

  /** A new ticket for a tenant session; `token` is the one the session was checked with. */
  issue(session: Session, token: string): StreamTicket {
    if (session.tenantId === null) throw refused();
    this.sweep();
    const ticket = crypto.randomBytes(32).toString('base64url');
    const held = this.bySession.get(session.tokenId) ?? [];
    while (held.length >= TICKETS_PER_SESSION) this.tickets.delete(held.shift()!);
    held.push(ticket);
    this.bySession.set(session.tokenId, held);
    this.tickets.set(ticket, {
      userId: session.userId,
      tenantId: session.tenantId,
      tokenId: session.tokenId,
      token,
      expiresAt: this.clock.now() + STREAM_TICKET_SECONDS * 1000,
    });
    return { ticket, expiresIn: STREAM_TICKET_SECONDS };
  }

  /** The user and tenant a ticket was given to, using it up; 401 for one unknown, used, expired, or of an ended session. */
  async redeem(ticket: string | undefined): Promise<{ userId: number; tenantId: number }> {
    const entry = ticket ? this.tickets.get(ticket) : undefined;
    if (!ticket || !entry) throw refused();
    this.forget(ticket, entry);
    if (entry.expiresAt <= this.clock.now()) throw refused();
    const session = await this.tokens.resolve(entry.token);
    if (session.tokenId !== entry.tokenId || session.userId !== entry.userId || session.tenantId !== entry.tenantId) throw refused();
    return { userId: entry.userId, tenantId: entry.tenantId };
  }

  private forget(ticket: string, entry: Ticket): void {
    this.tickets.delete(ticket);
    const held = this.bySession.get(entry.tokenId);
    if (!held) return;
    const at = held.indexOf(ticket);
    if (at >= 0) held.splice(at, 1);
    if (!held.length) this.bySession.delete(entry.tokenId);
  }

  /** Drops expired tickets, oldest first, so unused ones do not pile up. */
  private sweep(): void {
    const now = this.clock.now();
    for (const [ticket, entry] of this.tickets) {
      if (entry.expiresAt > now) break;
      this.forget(ticket, entry);
    }
  }
}
