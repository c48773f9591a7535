// Bars and link routes are shared with the printed schedule the server draws: they live in src/core.
export * from '../../core/schedule/bar-geometry.ts';
