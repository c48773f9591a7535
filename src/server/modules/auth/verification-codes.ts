import crypto from 'node:crypto';
import path from 'node:path';
import type { Kysely } from 'kysely';
import {
  VERIFICATION_CODE_MAX_TRIES,
  VERIFICATION_CODE_RESEND_MS,
  VERIFICATION_CODE_TTL_MS,
} from '../../../core/contracts/auth.ts';
import type { Clock } from '../../clock.ts';
import type { DB } from '../../db/schema.ts';
import { badRequest, tooManyRequests } from '../../errors.ts';
import { keptSecret } from '../../private-files.ts';

export type CodeChannel = 'SMS' | 'EMAIL';

/**
 * The key codes are hashed with, a file of the data folder: a copy of the database alone (a
 * backup, a read through a hole) cannot try the million codes against a hash without it.
 */
export const codeKey = (dataDir: string) => keptSecret(path.join(dataDir, 'verification-codes.key'));

/**
 * Six-digit codes: 10 minutes, single use, 5 wrong tries, one per target and scene per minute.
 * Only an HMAC of each code is kept; the tries limit what guessing can do online.
 */
export class VerificationCodes {
  constructor(
    private readonly db: Kysely<DB>,
    private readonly clock: Clock,
    private readonly key: Buffer,
  ) {}

  private hashCode(target: string, code: string): string {
    return crypto.createHmac('sha256', this.key).update(`${target}\n${code}`).digest('hex');
  }

  /** Stores a new code (replacing any earlier one) and returns it for sending. */
  async create(channel: CodeChannel, target: string, scene: string): Promise<string> {
    const now = this.clock.now();
    const last = await this.db
      .selectFrom('verification_code')
      .select('create_time')
      .where('channel', '=', channel)
      .where('target', '=', target)
      .where('scene', '=', scene)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (last && Date.parse(last.create_time) + VERIFICATION_CODE_RESEND_MS > now) {
      throw tooManyRequests('A code was sent less than a minute ago; please wait before asking again');
    }
    const code = String(crypto.randomInt(0, 1_000_000)).padStart(6, '0');
    const iso = new Date(now).toISOString();
    await this.db.transaction().execute(async (trx) => {
      await trx
        .updateTable('verification_code')
        .set({ used_time: iso })
        .where('channel', '=', channel)
        .where('target', '=', target)
        .where('scene', '=', scene)
        .where('used_time', 'is', null)
        .execute();
      await trx
        .insertInto('verification_code')
        .values({
          channel,
          target,
          scene,
          code_hash: this.hashCode(target, code),
          create_time: iso,
          expire_time: new Date(now + VERIFICATION_CODE_TTL_MS).toISOString(),
          failed_tries: 0,
        })
        .execute();
    });
    return code;
  }

  /**
   * Checks a code against the live one of a target and returns its id, or fails with a 400
   * naming `verificationCode`. A wrong try is counted at once, whatever the request does next.
   */
  async verify(channel: CodeChannel, target: string, scene: string, code: string): Promise<number> {
    const iso = new Date(this.clock.now()).toISOString();
    const live = await this.db
      .selectFrom('verification_code')
      .select(['id', 'code_hash', 'failed_tries'])
      .where('channel', '=', channel)
      .where('target', '=', target)
      .where('scene', '=', scene)
      .where('used_time', 'is', null)
      .where('expire_time', '>', iso)
      .orderBy('id', 'desc')
      .executeTakeFirst();
    if (!live || live.failed_tries >= VERIFICATION_CODE_MAX_TRIES) {
      throw badRequest('verificationCode', 'the code has expired or was used up; please ask for a new one');
    }
    if (!crypto.timingSafeEqual(Buffer.from(this.hashCode(target, code)), Buffer.from(live.code_hash))) {
      await this.db
        .updateTable('verification_code')
        .set((eb) => ({ failed_tries: eb('failed_tries', '+', 1) }))
        .where('id', '=', live.id)
        .execute();
      throw badRequest('verificationCode', 'the code is not correct');
    }
    return live.id;
  }

  /** Uses up a verified code inside the write it allows; a second use of the same code fails. */
  async markUsed(trx: Kysely<DB>, codeId: number): Promise<void> {
    const result = await trx
      .updateTable('verification_code')
      .set({ used_time: new Date(this.clock.now()).toISOString() })
      .where('id', '=', codeId)
      .where('used_time', 'is', null)
      .executeTakeFirst();
    if (Number(result.numUpdatedRows) !== 1) {
      throw badRequest('verificationCode', 'the code has already been used');
    }
  }
}
