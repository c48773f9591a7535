import { CloseOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useTextIn, useTextLanguage } from '../../i18n/local-text.ts';
import { filterParts, withoutPart, type FilterPart, type FollowFilter } from './follow-filter.ts';
import type { FilterChoices } from './follow-filters.tsx';
import { formatDay } from './follow-texts.tsx';

/**
 * The filters in use, each a chip in the reader's words (names, not ids; dates as the reader
 * writes them) that removes it; an overview figure opens the list with its chips showing. The
 * search words show in their own box, not as a chip.
 */
export const FilterChips = observer(function FilterChips({ filter, choices, onChange }: { filter: FollowFilter; choices: FilterChoices; onChange: (filter: FollowFilter) => void }) {
  const { t } = useTranslation('follows');
  const textIn = useTextIn();
  const lng = useTextLanguage();
  const joined = (items: string[]) => new Intl.ListFormat(lng, { type: 'conjunction', style: 'narrow' }).format(items);
  const personName = (id: number) => (id === 0 ? t('common.unassigned') : (choices.people.find((person) => person.id === id)?.name ?? '…'));
  const range = (from?: string, to?: string) =>
    from && to
      ? from === to
        ? formatDay(from, lng)
        : t('list.chip.between', { from: formatDay(from, lng), to: formatDay(to, lng) })
      : from
        ? t('list.chip.from', { date: formatDay(from, lng) })
        : t('list.chip.until', { date: formatDay(to!, lng) });

  const labelOf = (part: FilterPart): string | null => {
    const named = (name: string, value: string) => `${name}: ${value}`;
    switch (part) {
      case 'typeIds':
        return named(t('common.type'), joined(filter.typeIds!.map((id) => textIn(choices.types.find((type) => type.id === id)?.name ?? '…'))));
      case 'statuses':
        return named(t('common.status'), joined(filter.statuses!.map((status) => t(`status.${status}`))));
      case 'priorities':
        return named(t('common.priority'), joined(filter.priorities!.map((priority) => t(`priority.${priority}`))));
      case 'assigneeIds':
        return named(t('common.assignees'), joined(filter.assigneeIds!.map(personName)));
      case 'reviewerId':
        return named(t('common.reviewer'), personName(filter.reviewerId!));
      case 'trades':
        return named(t('common.trade'), joined(filter.trades!.map((code) => (code ? textIn(choices.trades.find((option) => option.code === code)?.label ?? code) : t('common.noTrade')))));
      case 'sheetId':
        return named(t('common.sheet'), choices.sheets?.find((sheet) => sheet.id === filter.sheetId)?.label ?? '…');
      case 'due':
        return named(t('common.due'), range(filter.dueFrom, filter.dueTo));
      case 'created':
        return named(t('common.created'), range(filter.createdFrom, filter.createdTo));
      case 'overdue':
      case 'createdByMe':
      case 'assignedToMe':
      case 'watchedByMe':
        return t(`list.flag.${part}`);
      case 'text':
        return null;
    }
  };
  const chips = filterParts(filter).flatMap((part) => {
    const label = labelOf(part);
    return label === null ? [] : [{ part, label }];
  });
  if (!chips.length) return null;

  return (
    <ul className="follow-chips" aria-label={t('list.chip.inUse')} data-testid="follow-chips">
      {chips.map((chip) => (
        <li key={chip.part} className="follow-chip" data-chip={chip.part}>
          <span dir="auto">{chip.label}</span>
          <Button
            type="text"
            size="small"
            icon={<CloseOutlined />}
            aria-label={t('list.chip.remove', { name: chip.label })}
            onClick={() => onChange(withoutPart(filter, chip.part))}
            data-testid={`follow-chip-remove-${chip.part}`}
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
