/**
 * Forms benchmark (`npm run bench -- forms`): a data-list page over 1,000,000 records through
 * the API beside the same query on the database (bench/forms-api.ts), then a 300-field form
 * and a 1,000-row sub-table in Chromium (bench/forms-browser.ts).
 */
import { runFormsApiBench } from './forms-api.ts';
import { runFormsBrowserBench } from './forms-browser.ts';

export async function runFormsBench(): Promise<void> {
  await runFormsApiBench();
  await runFormsBrowserBench();
}
