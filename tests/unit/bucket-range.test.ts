import { describe, expect, it } from 'vitest';
import { FINER_BUCKET, bucketRange } from '../../src/core/query/bucket-range.ts';

describe('bucketRange', () => {
  it('gives the first and last day of each bucket label the query engine writes', () => {
    expect(bucketRange('day', '2026-03-02')).toEqual(['2026-03-02', '2026-03-02']);
    expect(bucketRange('week', '2026-12-28')).toEqual(['2026-12-28', '2027-01-03']);
    expect(bucketRange('month', '2026-02')).toEqual(['2026-02-01', '2026-02-28']);
    expect(bucketRange('month', '2028-02')).toEqual(['2028-02-01', '2028-02-29']);
    expect(bucketRange('month', '2026-12')).toEqual(['2026-12-01', '2026-12-31']);
    expect(bucketRange('quarter', '2026-Q1')).toEqual(['2026-01-01', '2026-03-31']);
    expect(bucketRange('quarter', '2026-Q4')).toEqual(['2026-10-01', '2026-12-31']);
    expect(bucketRange('year', '2026')).toEqual(['2026-01-01', '2026-12-31']);
  });

  it('answers null for a label that does not fit its bucket', () => {
    expect(bucketRange('month', 'Jan 2026')).toBeNull();
    expect(bucketRange('quarter', '2026-Q5')).toBeNull();
    expect(bucketRange('day', '2026-03')).toBeNull();
  });

  it('drills from years down to days and no further', () => {
    const path = [];
    for (let b: keyof typeof FINER_BUCKET | null = 'year'; b; b = FINER_BUCKET[b]) path.push(b);
    expect(path).toEqual(['year', 'quarter', 'month', 'week', 'day']);
  });
});
