/**
 * Benchmark runner: `npm run bench -- [name ...]`; without names it runs every benchmark.
 * Each benchmark is loaded only when asked for, so one needing a browser or a database
 * does not slow down the others.
 */
const benchmarks: Record<string, () => Promise<void>> = {
  api: async () => (await import('./api.ts')).runApiBench(),
  web: async () => (await import('./web.ts')).runWebBench(),
  renderer: async () => (await import('./renderer.ts')).runRendererBench(),
  forms: async () => (await import('./forms.ts')).runFormsBench(),
  plates: async () => (await import('./plates.ts')).runPlatesBench(),
  files: async () => (await import('./files.ts')).runFilesBench(),
  drawings: async () => {
    await (await import('./drawings-server.ts')).runDrawingsServerBench();
    await (await import('./drawings-browser.ts')).runDrawingsBrowserBench();
  },
  follows: async () => {
    await (await import('./follows-server.ts')).runFollowsServerBench();
    await (await import('./follows-browser.ts')).runFollowsBrowserBench();
  },
  schedules: async () => {
    await (await import('./schedules-engine.ts')).runSchedulesEngineBench();
    await (await import('./schedules-browser.ts')).runSchedulesBrowserBench();
    await (await import('./schedules-drag.ts')).runSchedulesDragBench();
  },
};

const known = Object.keys(benchmarks);
const names = process.argv.slice(2).filter((arg) => arg !== '--');
const unknown = names.filter((name) => !(name in benchmarks));
if (unknown.length > 0) {
  console.error(`Unknown benchmark: ${unknown.join(', ')}. Known: ${known.join(', ')}`);
  process.exit(1);
}

for (const name of names.length > 0 ? names : known) {
  console.log(`\n== bench ${name} ==`);
  await benchmarks[name]!();
}

// A module, so that the runner may await at its top level.
export {};
