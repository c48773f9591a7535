import type { Clock } from '../../clock.ts';
import type { AppConfig } from '../../config.ts';
import { tooManyRequests } from '../../errors.ts';

/** "1 minute", "15 minutes": the time left, rounded up to whole minutes. */
function minutesLeft(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * Failed password checks per account, whatever address they come from: at `max` failures within
 * `windowMs` the account is refused until the oldest of them ages out. Kept in memory: the server
 * is one process, and a restart forgetting them gives an attacker `max` more tries at most.
 */
export class AccountFailures {
  private readonly failures = new Map<string, number[]>();
  private readonly max: number;
  private readonly windowMs: number;
  private sweepAt = 1024;

  constructor(
    private readonly clock: Clock,
    limits: AppConfig['rateLimit'],
    /** The sentence before "Try again in N minutes.", naming what failed too often. */
    private readonly refusal: string,
  ) {
    this.max = limits.accountFailureMax;
    this.windowMs = limits.accountWindowMs;
  }

  /**
   * Takes one of the account's tries before its password is checked, failing with a 429 when none
   * is left. The try counts as failed until `clear`: checks running side by side cannot pass the limit.
   */
  takeTry(account: string): void {
    const now = this.clock.now();
    const recent = this.recent(account);
    if (recent.length >= this.max) {
      const left = recent[recent.length - this.max]! + this.windowMs - now;
      throw tooManyRequests(`${this.refusal} Try again in ${minutesLeft(left)}.`);
    }
    // Only the newest `max` tell when the account is free again.
    this.failures.set(account, [...recent, now].slice(-this.max));
    if (this.failures.size >= this.sweepAt) this.sweep();
  }

  /** The password was right: the account starts over. */
  clear(account: string): void {
    this.failures.delete(account);
  }

  private recent(account: string): number[] {
    const since = this.clock.now() - this.windowMs;
    return (this.failures.get(account) ?? []).filter((time) => time > since);
  }

  /** Forgets accounts whose failures have all aged out, so names sprayed at sign-in do not pile up. */
  private sweep(): void {
    for (const account of [...this.failures.keys()]) {
      if (this.recent(account).length === 0) this.failures.delete(account);
    }
    this.sweepAt = Math.max(1024, this.failures.size * 2);
  }
}
