import net from 'node:net';

/** Names proxy-addr (Fastify's trustProxy) reads as ranges: 127.0.0.0/8 and ::1, 169.254.0.0/16 and fe80::/10, private ranges. */
const RANGE_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** `ip`, `ip/bits` or `ip/netmask`, as proxy-addr reads them. */
function isAddressOrRange(entry: string): boolean {
  if (RANGE_NAMES.has(entry)) return true;
  const [address = '', mask, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (!family || rest.length > 0) return false;
  if (mask === undefined) return true;
  if (/^\d{1,3}$/.test(mask)) return Number(mask) <= (family === 4 ? 32 : 128);
  return net.isIP(mask) === family;
}

/**
 * TRUST_PROXY read into the proxies whose X-Forwarded-For is believed; empty: none, so a client
 * cannot choose the address its rate limits are kept under. A hop count is refused, not read:
 * it trusts whoever connects, and Fastify ignores it for that reason (trusting nobody).
 */
export function trustedProxies(setting: string | undefined): string[] {
  const entries = (setting ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  for (const entry of entries) {
    if (/^\d+$/.test(entry)) {
      throw new Error(
        'TRUST_PROXY: a hop count would trust any client that reaches the server directly; list the addresses or CIDR ranges of the proxies instead (e.g. 127.0.0.1,10.0.0.0/8)',
      );
    }
    if (!isAddressOrRange(entry)) {
      throw new Error(`TRUST_PROXY: "${entry}" is not an IP address, a CIDR range or one of loopback, linklocal, uniquelocal`);
    }
  }
  return entries;
}
