// The time axis is shared with the printed schedule the server draws: it lives in src/core.
export * from '../../core/schedule/time-scale.ts';
