import { ArrowDownOutlined, ArrowUpOutlined, DeleteOutlined, PlusOutlined, SaveOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Input, Space, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DisciplineList, WorkspaceDiscipline } from '../../../core/contracts/follow-settings.ts';
import { DISCIPLINE_LABEL_KEYS, isDisciplineCode } from '../../../core/drawings/disciplines.ts';
import type { LocalText } from '../../../core/local-text.ts';
import { messageOf } from '../../api/error-message.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { Loadable } from '../../ui/loadable.ts';
import { LocalTextInput } from '../../ui/local-text-input.tsx';
import { useSave } from '../../ui/use-save.ts';
import type { SettingsApi } from './settings-api.ts';
import { DISCIPLINE_CODE, disciplineListProblem } from './settings-rules.ts';
import { useSettingsTexts } from './settings-texts.ts';

interface Row {
  /** A key of its own: the code is being typed. */
  key: number;
  code: string;
  label: LocalText | null;
}

let nextKey = 1;
const rowsOf = (list: readonly WorkspaceDiscipline[]): Row[] => [...list].sort((a, b) => a.sort - b.sort).map((d) => ({ key: nextKey++, code: d.code, label: d.label }));


/** The workspace's disciplines in order: a code of capital letters and a name in each language (a default one named by the app). */
export const DisciplinesTab = observer(function DisciplinesTab({ api, workspaceCode, mayChange }: { api: SettingsApi; workspaceCode: string; mayChange: boolean }) {
  const { t } = useTranslation('followSettings');
  const { textIn } = useSettingsTexts();
  const { message } = App.useApp();
  const [list] = useState(() => new Loadable(() => api.disciplines(workspaceCode)));
  const [rows, setRows] = useState<Row[]>([]);
  useEffect(() => {
    void list.load().then(() => setRows(rowsOf(list.data?.disciplines ?? [])));
  }, [list]);
  const { error, busy, save } = useSave(
    (current: DisciplineList) =>
      api.saveDisciplines({ workspaceCode, revision: current.revision, disciplines: rows.map((row) => ({ code: row.code, label: row.label && textIn(row.label).trim() ? row.label : null })) }),
    (saved) => {
      list.set(saved);
      setRows(rowsOf(saved.disciplines));
      void message.success(t('saved'));
    },
    (failure) => messageOf(failure, t('saveFailed')),
  );
  const change = (key: number, patch: Partial<Row>) => setRows((before) => before.map((row) => (row.key === key ? { ...row, ...patch } : row)));
  const shift = (at: number, by: -1 | 1) =>
    setRows((before) => {
      const next = [...before];
      [next[at], next[at + by]] = [next[at + by]!, next[at]!];
      return next;
    });
  const problem = disciplineListProblem(rows);
  const defaultName = (code: string) => (isDisciplineCode(code) ? t(DISCIPLINE_LABEL_KEYS[code], { ns: 'drawings' }) : '');
  return (
    <LoadState source={list}>
      {(current) => (
        <Card size="small" title={t('disciplines.title')}>
          <Typography.Paragraph type="secondary">{t('disciplines.help')}</Typography.Paragraph>
          <div className="follow-settings-rows" data-testid="discipline-list">
            {rows.map((row, at) => (
              <div key={row.key} className="follow-discipline-row">
                <Input
                  dir="ltr"
                  value={row.code}
                  maxLength={4}
                  disabled={!mayChange || row.code === 'X'}
                  status={DISCIPLINE_CODE.test(row.code) ? undefined : 'error'}
                  aria-label={t('disciplines.codeOf', { at: at + 1 })}
                  onChange={(e) => change(row.key, { code: e.target.value.toUpperCase().replace(/[^A-Z]/g, '') })}
                />
                <LocalTextInput
                  value={row.label ?? ''}
                  maxLength={120}
                  disabled={!mayChange}
                  placeholder={defaultName(row.code)}
                  aria-label={t('disciplines.nameOf', { code: row.code || '—' })}
                  onChange={(label) => change(row.key, { label })}
                />
                {mayChange && (
                  <Space size={0}>
                    <Button type="text" size="small" icon={<ArrowUpOutlined />} disabled={at === 0} aria-label={t('disciplines.up', { code: row.code })} onClick={() => shift(at, -1)} />
                    <Button type="text" size="small" icon={<ArrowDownOutlined />} disabled={at === rows.length - 1} aria-label={t('disciplines.down', { code: row.code })} onClick={() => shift(at, 1)} />
                    <Button
                      type="text"
                      size="small"
                      danger
                      icon={<DeleteOutlined />}
                      disabled={row.code === 'X'}
                      aria-label={t('disciplines.remove', { code: row.code })}
                      onClick={() => setRows((before) => before.filter((each) => each.key !== row.key))}
                    />
                  </Space>
                )}
              </div>
            ))}
          </div>
          {problem && <Alert type="warning" showIcon className="admin-block" title={t(`disciplines.problem.${problem}`)} />}
          {error && <Alert type="error" showIcon role="alert" title={error} className="admin-block" />}
          {mayChange && (
            <Space wrap className="admin-block">
              <Button icon={<PlusOutlined />} disabled={rows.length >= 60} onClick={() => setRows((before) => [...before, { key: nextKey++, code: '', label: null }])}>
                {t('disciplines.add')}
              </Button>
              <Button type="primary" icon={<SaveOutlined />} loading={busy} disabled={problem !== null} onClick={() => void save(current)} data-testid="discipline-save">
                {t('save')}
              </Button>
            </Space>
          )}
        </Card>
      )}
    </LoadState>
  );
});
