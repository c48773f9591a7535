import { describe, expect, it } from 'vitest';
import { describeS3Location, parseS3Url } from '../../../src/server/modules/filestore/s3-location.ts';

describe('FILE_STORE_URL', () => {
  it('reads endpoint, bucket, key prefix, region, addressing style and percent-encoded credentials', () => {
    const location = parseS3Url('s3+https://AKIAEXAMPLE:ab%2Fcd%2Bef@s3.eu-central-1.amazonaws.com/acme-files/plinth/prod?region=eu-central-1&style=virtual');
    expect(location).toEqual({
      endpoint: new URL('https://s3.eu-central-1.amazonaws.com'),
      bucket: 'acme-files',
      prefix: 'plinth/prod/',
      region: 'eu-central-1',
      pathStyle: false,
      accessKeyId: 'AKIAEXAMPLE',
      secretAccessKey: 'ab/cd+ef',
    });
    expect(describeS3Location(location)).toBe('bucket "acme-files" (keys under plinth/prod/) at https://s3.eu-central-1.amazonaws.com');
  });

  it('defaults to us-east-1, path-style addressing and no prefix; s3+http keeps its port', () => {
    expect(parseS3Url('s3+http://minio:secret@127.0.0.1:9000/plinth')).toMatchObject({
      endpoint: new URL('http://127.0.0.1:9000'),
      bucket: 'plinth',
      prefix: '',
      region: 'us-east-1',
      pathStyle: true,
    });
  });

  it('refuses what it cannot use, naming the variable and the form, never the secret', () => {
    const cases: [string, RegExp][] = [
      ['https://key:top-secret@host/bucket', /the scheme must be s3\+https or s3\+http/],
      ['s3+https://host/bucket', /access key id and secret access key are missing/],
      ['s3+https://key:top-secret@host/', /"" is not a bucket name/],
      ['s3+https://key:top-secret@host/Bad_Bucket', /"Bad_Bucket" is not a bucket name/],
      ['s3+https://key:top-secret@host/bucket/a%20b', /key prefix "a b"/],
      ['s3+https://key:top-secret@host/bucket?regoin=eu', /unknown setting "regoin"/],
      ['s3+https://key:top-secret@host/bucket?style=dns', /style must be path or virtual/],
      ['not a url top-secret', /not a URL/],
    ];
    for (const [url, problem] of cases) {
      let message = '';
      try {
        parseS3Url(url, 'TEST_S3_URL');
      } catch (error) {
        message = (error as Error).message;
      }
      expect(message, url).toMatch(/^TEST_S3_URL: /);
      expect(message, url).toMatch(problem);
      expect(message, url).toContain('s3+https://ACCESS_KEY_ID:SECRET_ACCESS_KEY@host');
      expect(message, url).not.toContain('top-secret');
    }
  });
});
