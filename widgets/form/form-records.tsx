import { reaction } from 'mobx';
import { observer } from 'mobx-react-lite';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../src/web/ui/load-state.tsx';
import type { RecordListStore } from '../../src/web/pages/form-data/record-list-store.ts';
import { RecordTable } from '../../src/web/pages/form-data/record-table.tsx';
import { HIDDEN, HiddenForm } from './form-widget.tsx';
import { recordsMade } from './records-changed.ts';

/** The form's records as its record list shows them (the server applies the reader's rights and data scope); a record made on the page joins at once. */
export const FormRecords = observer(function FormRecords({ store, formId }: { store: RecordListStore; formId: number }) {
  const { t } = useTranslation('widgets');
  useEffect(() => reaction(() => recordsMade(formId), () => void store.reload()), [store, formId]);
  if (store.records.status === 'failed' && store.records.error === HIDDEN) return <HiddenForm />;
  return (
    <LoadState source={store.records} empty={{ when: (page) => page.total === 0, description: t('form.empty') }}>
      {(page) => <RecordTable store={store} page={page} size="small" />}
    </LoadState>
  );
});
