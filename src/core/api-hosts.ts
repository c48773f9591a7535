/**
 * Spec §9: which API host the web app calls. Production pages on hostnames starting `vip.` or
 * `viphk.` use dedicated API hosts; local and test pages switch by the build they run
 * (development, test, production) and their hostname. The table is data (config/api-hosts.json,
 * or the file API_HOSTS_FILE names), read by the server at start, handed to the page inside
 * index.html, and allowed by the page's Content-Security-Policy (connect-src).
 */

/** One row: pages on `hosts` running one of `builds` (any build when absent) call `api`. */
export interface ApiHostRule {
  /** `vip.*` (starts with), `*.example.com` (ends with), or one exact hostname; case does not matter. */
  hosts: string;
  builds?: string[];
  /** An origin: `https://api.example.com` or `http://localhost:8080`, no path. */
  api: string;
}

/** The `<meta name>` that carries the table in index.html. */
export const API_HOSTS_META = 'plinth-api-hosts';

const HOST_PATTERN = /^(\*\.)?[a-z0-9-]+(\.[a-z0-9-]+)*(\.\*)?$/i;
const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

/** Whether `hostname` is one of the hosts a pattern names. */
export function hostMatches(pattern: string, hostname: string): boolean {
  const host = hostname.toLowerCase();
  const want = pattern.toLowerCase();
  if (want.endsWith('.*')) return host.startsWith(want.slice(0, -1));
  if (want.startsWith('*.')) return host.endsWith(want.slice(1));
  return host === want;
}

/** The API origin a page on `hostname` running `build` calls; null: the page's own origin. First match wins. */
export function apiOriginFor(rules: readonly ApiHostRule[], hostname: string, build: string): string | null {
  const rule = rules.find((each) => hostMatches(each.hosts, hostname) && (!each.builds || each.builds.includes(build)));
  return rule ? rule.api : null;
}

/** Every API origin a page on `hostname` may call, whatever its build: what its connect-src allows. */
export function apiOriginsForHost(rules: readonly ApiHostRule[], hostname: string): string[] {
  return [...new Set(rules.filter((rule) => hostMatches(rule.hosts, hostname)).map((rule) => rule.api))];
}

/** The table in a file's JSON (`{ rules: [...] }`), or an error naming the first wrong row. */
export function parseApiHostRules(value: unknown): ApiHostRule[] {
  const rules = (value as { rules?: unknown } | null)?.rules;
  if (!Array.isArray(rules)) throw new Error('api hosts: "rules" must be a list');
  return rules.map((row: unknown, i) => {
    const { hosts, builds, api } = (row ?? {}) as Record<string, unknown>;
    if (typeof hosts !== 'string' || !HOST_PATTERN.test(hosts)) throw new Error(`api hosts: rules[${i}].hosts must be a hostname, "name.*" or "*.name"`);
    if (builds !== undefined && !(Array.isArray(builds) && builds.every((b) => typeof b === 'string' && b.length > 0))) {
      throw new Error(`api hosts: rules[${i}].builds must be a list of build names`);
    }
    if (typeof api !== 'string' || !ORIGIN.test(api)) throw new Error(`api hosts: rules[${i}].api must be an origin such as https://api.example.com`);
    return { hosts, api: api.toLowerCase(), ...(builds ? { builds: builds as string[] } : {}) };
  });
}
