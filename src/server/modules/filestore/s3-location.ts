/** Where an S3-compatible store is and how to sign for it, read from FILE_STORE_URL (or TEST_S3_URL). */
export interface S3Location {
  /** Protocol, host and port of the service. */
  endpoint: URL;
  bucket: string;
  /** Put before every key: empty, or folders ending in `/`. */
  prefix: string;
  region: string;
  /** `host/bucket/key` when true; `bucket.host/key` (virtual-hosted) when false. */
  pathStyle: boolean;
  accessKeyId: string;
  secretAccessKey: string;
}

export const S3_URL_FORM = 's3+https://ACCESS_KEY_ID:SECRET_ACCESS_KEY@host[:port]/bucket[/prefix]?region=REGION&style=path|virtual';

// Amazon's rule for bucket names, which S3-compatible servers follow.
const BUCKET = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;
const PREFIX_SEGMENT = /^[A-Za-z0-9._-]+$/;
const REGION = /^[a-z0-9-]{1,32}$/;

/**
 * Reads `s3+https://…` (or `s3+http://…` for a server on a private network or this machine):
 * credentials as the user and password, percent-encoded (a secret's `/` is `%2F`); the bucket
 * as the first path segment, further segments a key prefix; `region` (default us-east-1) and
 * `style` (default `path`, which every S3-compatible server understands; `virtual` for
 * bucket-named hosts) in the query. Errors name the variable and never repeat the secret.
 */
export function parseS3Url(text: string, variable = 'FILE_STORE_URL'): S3Location {
  const fail = (problem: string) => new Error(`${variable}: ${problem}; the form is ${S3_URL_FORM}`);
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw fail('not a URL');
  }
  if (url.protocol !== 's3+https:' && url.protocol !== 's3+http:') throw fail(`the scheme must be s3+https or s3+http, not ${url.protocol.slice(0, -1)}`);
  if (!url.username || !url.password) throw fail('the access key id and secret access key are missing');
  const [bucket = '', ...folders] = url.pathname.split('/').slice(1).filter(Boolean).map(decodeURIComponent);
  if (!BUCKET.test(bucket)) throw fail(`"${bucket}" is not a bucket name`);
  const badFolder = folders.find((folder) => !PREFIX_SEGMENT.test(folder));
  if (badFolder !== undefined) throw fail(`the key prefix "${badFolder}" may hold only letters, digits, ".", "_" and "-"`);
  for (const name of url.searchParams.keys()) {
    if (name !== 'region' && name !== 'style') throw fail(`unknown setting "${name}"`);
  }
  const region = url.searchParams.get('region') ?? 'us-east-1';
  if (!REGION.test(region)) throw fail(`"${region}" is not a region`);
  const style = url.searchParams.get('style') ?? 'path';
  if (style !== 'path' && style !== 'virtual') throw fail('style must be path or virtual');
  return {
    endpoint: new URL(`${url.protocol.slice(3)}//${url.host}`),
    bucket,
    prefix: folders.map((folder) => `${folder}/`).join(''),
    region,
    pathStyle: style === 'path',
    accessKeyId: decodeURIComponent(url.username),
    secretAccessKey: decodeURIComponent(url.password),
  };
}

/** The location for messages and logs: endpoint and bucket, no credentials. */
export function describeS3Location(location: S3Location): string {
  return `bucket "${location.bucket}"${location.prefix ? ` (keys under ${location.prefix})` : ''} at ${location.endpoint.origin}`;
}
