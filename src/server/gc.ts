/** V8's collector, exposed when Node runs with `--expose-gc` (the built server: scripts/build.ts). */
const exposed = (globalThis as { gc?: (options: { type: 'major' | 'minor' }) => void }).gc;

/** Collects the whole heap (major) or the young generation (minor); does nothing where gc is not exposed. */
export function collectGarbage(type: 'major' | 'minor'): void {
  exposed?.({ type });
}
