import { SaveOutlined } from '@ant-design/icons';
import { Alert, App, Button, Card, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { SHEET_NUMBER_RULE_MAX, type ProjectSettings } from '../../../core/contracts/follow-settings.ts';
import { messageOf } from '../../api/error-message.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { Loadable } from '../../ui/loadable.ts';
import { useSave } from '../../ui/use-save.ts';
import type { SettingsApi } from './settings-api.ts';
import { sheetNumberPreview } from './settings-rules.ts';


/** The sheet-number rule of the workspace: how the register numbers a sheet whose title block gave none, with a live preview. */
export const SheetNumberTab = observer(function SheetNumberTab({ api, workspaceCode, mayChange }: { api: SettingsApi; workspaceCode: string; mayChange: boolean }) {
  const { t } = useTranslation('followSettings');
  const { message } = App.useApp();
  const [project] = useState(() => new Loadable(() => api.project(workspaceCode)));
  const [rule, setRule] = useState('');
  useEffect(() => {
    void project.load().then(() => setRule(project.data?.sheetNumberRule ?? ''));
  }, [project]);
  const { error, busy, save } = useSave(
    (current: ProjectSettings) => api.saveProject(workspaceCode, current.revision, rule.trim()),
    (saved) => {
      project.set(saved);
      void message.success(t('saved'));
    },
    (failure) => messageOf(failure, t('saveFailed')),
  );
  const preview = sheetNumberPreview(rule.trim());
  return (
    <LoadState source={project}>
      {(current) => (
        <Card size="small" title={t('sheetRule.title')}>
          <Typography.Paragraph type="secondary">{t('sheetRule.help')}</Typography.Paragraph>
          <Form layout="vertical" onFinish={() => void save(current)}>
            <Form.Item
              label={t('sheetRule.rule')}
              htmlFor="sheet-number-rule"
              validateStatus={'error' in preview && rule ? 'error' : undefined}
              help={'error' in preview && rule ? <bdi dir="ltr">{preview.error}</bdi> : undefined}
            >
              <Input id="sheet-number-rule" dir="ltr" value={rule} maxLength={SHEET_NUMBER_RULE_MAX} disabled={!mayChange} onChange={(e) => setRule(e.target.value)} data-testid="sheet-number-rule" />
            </Form.Item>
            <div aria-live="polite">
              {'numbers' in preview && (
                <Typography.Paragraph data-testid="sheet-number-preview">
                  {t('sheetRule.preview')}{' '}
                  <bdi dir="ltr" className="follow-settings-preview">
                    {preview.numbers.join(', ')} …
                  </bdi>
                </Typography.Paragraph>
              )}
            </div>
            {error && <Alert type="error" showIcon role="alert" title={error} className="admin-block" />}
            {mayChange && (
              <Button type="primary" htmlType="submit" icon={<SaveOutlined />} loading={busy} disabled={'error' in preview || rule.trim() === current.sheetNumberRule} data-testid="sheet-number-save">
                {t('save')}
              </Button>
            )}
          </Form>
        </Card>
      )}
    </LoadState>
  );
});
