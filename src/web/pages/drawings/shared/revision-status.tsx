import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RevisionRow } from '../../../../core/contracts/drawings.ts';

const COLORS: Record<RevisionRow['status'], string> = { pending: 'gold', current: 'green', superseded: 'default', rejected: 'red' };

/** A revision's status as a coloured tag in the reader's language. */
export function RevisionStatus({ status }: { status: RevisionRow['status'] }) {
  const { t } = useTranslation('drawings');
  return (
    <Tag color={COLORS[status]} data-status={status}>
      {t(`status.${status}`)}
    </Tag>
  );
}
