import { useEffect, useState } from 'react';
import type { DatasetInfo } from '../../../../core/query/query-spec.ts';
import type { PageApi } from '../../../api/page-endpoints.ts';
import type { DatasetFields, PageDataSource } from '../../../renderer/page-data-source.ts';

/**
 * What the plate editor and the component settings offer as sources: the datasets (null while
 * they load, none when they cannot be read) and their fields for the live components
 * (undefined while loading, null when unknown).
 */
export function usePlateSources(pages: PageApi, source: PageDataSource): { datasets: DatasetInfo[] | null; fields: DatasetFields | null | undefined } {
  const [datasets, setDatasets] = useState<DatasetInfo[] | null>(null);
  const [fields, setFields] = useState<DatasetFields | null | undefined>(undefined);
  useEffect(() => {
    let live = true;
    pages.datasets().then(
      (list) => live && setDatasets(list),
      () => live && setDatasets([]),
    );
    source.datasetFields().then(
      (found) => live && setFields(found),
      () => live && setFields(null),
    );
    return () => {
      live = false;
    };
  }, [pages, source]);
  return { datasets, fields };
}
