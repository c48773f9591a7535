import type { ConnectionOptions } from 'bullmq';

/**
 * A Redis connection for BullMQ, made with ioredis (MIT), BullMQ's own Redis client. It is an
 * optional package of BullMQ and is loaded only when REDIS_URL is set, so a server without
 * Redis needs none of it; its absence is said in words, with how to add it.
 */
export class RedisClientMissing extends Error {
  constructor() {
    super('REDIS_URL is set, but the Redis client BullMQ uses is not installed: run `npm install ioredis` (or unset REDIS_URL to run jobs in the server)');
    this.name = 'RedisClientMissing';
  }
}

type RedisClientClass = new (url: string, options: Record<string, unknown>) => ConnectionOptions & { quit(): Promise<unknown>; ping(): Promise<string> };

/** Named in a variable: the type-checker and the bundle leave an optional package alone. */
const CLIENT_PACKAGE = 'ioredis';

export async function redisConnection(url: string): Promise<ConnectionOptions & { quit(): Promise<unknown>; ping(): Promise<string> }> {
  let Redis: RedisClientClass;
  try {
    const module = (await import(CLIENT_PACKAGE)) as { Redis?: RedisClientClass; default?: RedisClientClass };
    Redis = (module.Redis ?? module.default)!;
  } catch {
    throw new RedisClientMissing();
  }
  // BullMQ's workers block on Redis: their connection must never give up on a command.
  return new Redis(url, { maxRetriesPerRequest: null, lazyConnect: false });
}
