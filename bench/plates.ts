/**
 * Plates benchmark (`npm run bench -- plates`): a group-by with two measures over 1,000,000
 * records through the API beside hand-written SQL, uncached and cached (bench/plates-api.ts),
 * then a 12-component plate drawn in Chromium beside an empty one (bench/plates-browser.ts).
 */
import { runPlatesApiBench } from './plates-api.ts';
import { runPlatesBrowserBench } from './plates-browser.ts';

export async function runPlatesBench(): Promise<void> {
  await runPlatesApiBench();
  await runPlatesBrowserBench();
}
