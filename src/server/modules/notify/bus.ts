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
 * Carries new notifications to the open event streams. This one is in-process, enough
 * for a single server; several instances need one backed by Redis or PostgreSQL
 * LISTEN/NOTIFY behind the same two methods.
 */
export interface NotifyBus {
  publish(event: NotifyEvent): void;
  subscribe(tenantId: number, userId: number, listener: (event: NotifyEvent) => void): () => void;
}

export class InProcessNotifyBus implements NotifyBus {
  private readonly emitter = new EventEmitter();

  constructor() {
    // One listener per open browser tab; the default warning at 10 would be noise.
    this.emitter.setMaxListeners(0);
  }

  publish(event: NotifyEvent): void {
    this.emitter.emit(`${event.tenantId}:${event.userId}`, event);
  }

  subscribe(tenantId: number, userId: number, listener: (event: NotifyEvent) => void): () => void {
    const channel = `${tenantId}:${userId}`;
    this.emitter.on(channel, listener);
    return () => this.emitter.off(channel, listener);
  }
}
