import { EventEmitter } from 'node:events';
import type { JobKind } from './kinds.ts';
import type { JobEvent } from './queue.ts';

/** Jobs whose end is remembered for `settled` after it happened (a caller may ask late). */
const ENDED_KEPT = 1_000;

/** The listeners of a queue and what `settled` waits on, shared by both queues. */
export class JobEvents {
  private readonly emitter = new EventEmitter();
  private readonly ended = new Map<string, JobEvent>();

  constructor() {
    this.emitter.setMaxListeners(0);
  }

  emit(event: JobEvent): void {
    if (event.status === 'done' || event.status === 'failed') {
      this.ended.set(event.jobId, event);
      if (this.ended.size > ENDED_KEPT) this.ended.delete(this.ended.keys().next().value!);
    }
    this.emitter.emit('event', event);
    this.emitter.emit(`job:${event.jobId}`, event);
  }

  subscribe(listener: (event: JobEvent) => void): () => void {
    // A listener that throws must not stop the others, nor the queue.
    const safe = (event: JobEvent) => {
      try {
        listener(event);
      } catch (error) {
        console.error('a job event listener failed', error);
      }
    };
    this.emitter.on('event', safe);
    return () => this.emitter.off('event', safe);
  }

  settled<K extends JobKind>(jobId: string): Promise<JobEvent<K>> {
    const ended = this.ended.get(jobId);
    if (ended) return Promise.resolve(ended as JobEvent<K>);
    return new Promise((resolve) => {
      const channel = `job:${jobId}`;
      const listener = (event: JobEvent) => {
        if (event.status !== 'done' && event.status !== 'failed') return;
        this.emitter.off(channel, listener);
        resolve(event as JobEvent<K>);
      };
      this.emitter.on(channel, listener);
    });
  }
}
