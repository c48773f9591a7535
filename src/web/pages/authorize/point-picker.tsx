import { Checkbox, Empty, Input, Space, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FunctionPointOption } from '../../../core/contracts/permission-groups.ts';
import { menuTitle } from '../../i18n/menu-title.ts';
import { groupPointsByMenu, groupState, searchPointGroups, toggleGroup, unknownPoints, type PointGroup } from './point-groups.ts';

interface PointPickerProps {
  points: readonly FunctionPointOption[];
  value?: string[];
  onChange?: (codes: string[]) => void;
  id?: string;
}

/** Function points grouped by their menu, each menu with a select-all box; searchable. */
export function PointPicker({ points, value = [], onChange, id }: PointPickerProps) {
  const { t, i18n } = useTranslation(['admin', 'menu']);
  const [keyword, setKeyword] = useState('');
  const groups = useMemo(() => groupPointsByMenu(points), [points]);
  const label = {
    menu: (group: PointGroup) => menuTitle(t, { title: group.menuTitle, seedKey: group.menuSeedKey }, i18n.language),
    point: (point: FunctionPointOption) => menuTitle(t, { title: point.title, code: point.code }, i18n.language),
  };
  const shown = searchPointGroups(groups, keyword, label);
  const chosen = new Set(value);
  const stale = unknownPoints(value, points);

  return (
    <div id={id} className="admin-point-picker">
      <Space wrap className="admin-toolbar">
        <Input.Search
          allowClear
          placeholder={t('admin:groups.searchPoints')}
          aria-label={t('admin:groups.searchPoints')}
          value={keyword}
          onChange={(event) => setKeyword(event.target.value)}
          className="admin-search"
        />
        <Typography.Text type="secondary" aria-live="polite">
          {t('admin:tree.selected', { count: value.length - stale.length, total: points.length })}
        </Typography.Text>
      </Space>
      {stale.length > 0 && (
        <Typography.Paragraph type="warning">
          {t('admin:groups.stalePoints')} {stale.map((code) => <Tag key={code}>{code}</Tag>)}
        </Typography.Paragraph>
      )}
      {shown.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={points.length === 0 ? t('admin:groups.noPoints') : t('admin:tree.noMatch')} />
      ) : (
        <div className="admin-point-groups">
          {shown.map((group) => {
            const state = groupState(group, chosen);
            return (
              <fieldset key={group.key} className="admin-point-group">
                <legend>
                  <Checkbox
                    checked={state === 'all'}
                    indeterminate={state === 'some'}
                    onChange={(event) => onChange?.(toggleGroup(group, value, event.target.checked))}
                  >
                    <strong>{label.menu(group)}</strong>
                  </Checkbox>
                </legend>
                <Space orientation="vertical" size={4} className="admin-point-list">
                  {group.points.map((point) => (
                    <Checkbox
                      key={point.code}
                      checked={chosen.has(point.code)}
                      onChange={(event) =>
                        onChange?.(event.target.checked ? [...value, point.code].sort() : value.filter((code) => code !== point.code))
                      }
                    >
                      {label.point(point)}
                      <Typography.Text type="secondary" code className="admin-code">
                        {point.code}
                      </Typography.Text>
                    </Checkbox>
                  ))}
                </Space>
              </fieldset>
            );
          })}
        </div>
      )}
    </div>
  );
}
