import { describe, expect, it } from 'vitest';
import { FILE_EXTENSIONS } from '../../../src/core/contracts/files.ts';
import { CHECKED_EXTENSIONS } from '../../../src/server/modules/filestore/content-check.ts';

describe('the file store allow-list', () => {
  it('has a content rule for every extension it takes, and none for one it does not', () => {
    expect([...CHECKED_EXTENSIONS].sort()).toEqual([...FILE_EXTENSIONS].sort());
  });
});
