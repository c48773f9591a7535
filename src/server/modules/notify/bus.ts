import { EventEmitter } from 'node:events';
import type { Notification } from '../../../core/entities.ts';

export interface NotifyEvent {
  tenantId: number;
  userId: number;
  /** Absent when only the count changed (a task's notification resolved). */
  notification?: Notification;
  unreadCount: number;
}

/**
 * Something else a module tells one user's open streams while it happens (a drawing upload's
 * progress): sent as `event: <type>` with `data` as JSON.
 */
export interface StreamPush {
  tenantId: number;
  userId: number;
  type: string;
  data: unknown;
}

/**
 * Carries new notifications, and other pushes, to the open event streams. This one is
 * in-process, enough for a single server; several instances need one backed by Redis or PostgreSQL
 * LISTEN/NOTIFY behind the same two methods.
 */
export interface NotifyBus {
  publish(event: NotifyEvent | StreamPush): void;
  subscribe(tenantId: number, userId: number, listener: (event: NotifyEvent | StreamPush) => void): () => void;
}

export class InProcessNotifyBus implements NotifyBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open browser tab; the default warning at 10 would be noise.
    this.emitter.setMaxListeners(0);
  }

  publish(event: NotifyEvent | StreamPush): void {
    this.emitter.emit(`${event.tenantId}:${event.userId}`, event);
  }

  subscribe(tenantId: number, userId: number, listener: (event: NotifyEvent | StreamPush) => void): () => void {
    const channel = `${tenantId}:${userId}`;
    this.emitter.on(channel, listener);
    return () => this.emitter.off(channel, listener);
  }
}
