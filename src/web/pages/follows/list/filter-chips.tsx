import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import type { DataSourceOption } from '../../../../core/contracts/follow-settings.ts';
import { useTextIn, useTextLanguage } from '../../../i18n/local-text.ts';
import type { FollowFilter } from '../follow-filter.ts';
import { formatDay } from '../follow-texts.tsx';
import type { FollowListStore } from './follow-list-store.ts';

/** The parts of a filter one chip shows and removes together. */
type ChipKey = keyof FollowFilter | 'due' | 'created';

const PARTS: Partial<Record<ChipKey, (keyof FollowFilter)[]>> = { due: ['dueFrom', 'dueTo'], created: ['createdFrom', 'createdTo'] };

/**
 * The filters in use, each a chip in the reader's words (names, not ids; dates as the reader
 * writes them) that removes it; an overview figure opens the list with its chips showing.
 */
export const FilterChips = observer(function FilterChips({
  list,
  trades,
  sheets,
  onChange,
}: {
  list: FollowListStore;
  trades: DataSourceOption[];
  sheets: { id: number; label: string }[];
  onChange: (filter: FollowFilter) => void;
}) {
  const { t } = useTranslation('follows');
  const textIn = useTextIn();
  const lng = useTextLanguage();
  const filter = list.query.filter;
  const joined = (items: string[]) => new Intl.ListFormat(lng, { type: 'conjunction', style: 'narrow' }).format(items);
  const personName = (id: number) => (id === 0 ? t('common.unassigned') : (list.people.data?.find((person) => person.id === id)?.name ?? '…'));
  const range = (from?: string, to?: string) =>
    from && to
      ? from === to
        ? formatDay(from, lng)
        : t('list.chip.between', { from: formatDay(from, lng), to: formatDay(to, lng) })
      : from
        ? t('list.chip.from', { date: formatDay(from, lng) })
        : t('list.chip.until', { date: formatDay(to!, lng) });

  const chips: { key: ChipKey; label: string }[] = [];
  const add = (key: ChipKey, name: string, value: string) => chips.push({ key, label: `${name}: ${value}` });
  if (filter.typeIds?.length) add('typeIds', t('common.type'), joined(filter.typeIds.map((id) => textIn(list.types.data?.find((type) => type.id === id)?.name ?? '…'))));
  if (filter.statuses?.length) add('statuses', t('common.status'), joined(filter.statuses.map((status) => t(`status.${status}`))));
  if (filter.priorities?.length) add('priorities', t('common.priority'), joined(filter.priorities.map((priority) => t(`priority.${priority}`))));
  if (filter.assigneeIds?.length) add('assigneeIds', t('common.assignees'), joined(filter.assigneeIds.map(personName)));
  if (filter.reviewerId !== undefined) add('reviewerId', t('common.reviewer'), personName(filter.reviewerId));
  if (filter.trades?.length)
    add('trades', t('common.trade'), joined(filter.trades.map((code) => (code ? textIn(trades.find((option) => option.code === code)?.label ?? code) : t('common.noTrade')))));
  if (filter.sheetId !== undefined) add('sheetId', t('common.sheet'), sheets.find((sheet) => sheet.id === filter.sheetId)?.label ?? '…');
  if (filter.dueFrom || filter.dueTo) add('due', t('common.due'), range(filter.dueFrom, filter.dueTo));
  if (filter.createdFrom || filter.createdTo) add('created', t('common.created'), range(filter.createdFrom, filter.createdTo));
  for (const flag of ['overdue', 'createdByMe', 'assignedToMe', 'watchedByMe'] as const) if (filter[flag]) chips.push({ key: flag, label: t(`list.flag.${flag}`) });
  if (!chips.length) return null;

  const without = (key: ChipKey) => {
    const next = { ...filter };
    for (const part of PARTS[key] ?? [key as keyof FollowFilter]) delete next[part];
    return next;
  };
  return (
    <ul className="follow-chips" aria-label={t('list.chip.inUse')} data-testid="follow-chips">
      {chips.map((chip) => (
        <li key={chip.key} className="follow-chip" data-chip={chip.key}>
          <span dir="auto">{chip.label}</span>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t('list.chip.remove', { name: chip.label })}
            onClick={() => onChange(without(chip.key))}
            data-testid={`follow-chip-remove-${chip.key}`}
          />
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <Button type="link" size="small" onClick={() => onChange(filter.text ? { text: filter.text } : {})} data-testid="follow-chips-clear">
            {t('list.chip.clearAll')}
          </Button>
        </li>
      )}
    </ul>
  );
});
