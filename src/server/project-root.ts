import fs from 'node:fs';
import path from 'node:path';

/**
 * The project's folder (the one holding package.json): the server runs from its sources
 * (src/server, under tsx in development and tests) and from its build (dist/server, `npm
 * start`), so files beside the code (schemas, media, the web app's sources) are found from
 * here rather than from a fixed number of `..` steps.
 */
function findProjectRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const PROJECT_ROOT = findProjectRoot(import.meta.dirname);
