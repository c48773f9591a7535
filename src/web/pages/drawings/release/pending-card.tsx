import { CheckOutlined, CloseOutlined, EyeOutlined, SaveOutlined, UndoOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Checkbox, Form, Input, Select, Space, Tag, Tooltip, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { useId, type ReactElement } from 'react';
import { Link } from 'react-router-dom';
import type { RevisionRow } from '../../../../core/contracts/drawings.ts';
import { normaliseSheetNumber } from '../../../../core/drawings/sheet-number.ts';
import { formatNumber } from '../../../../core/value-format.ts';
import { useDrawingTexts } from '../shared/drawing-texts.ts';
import { failureText } from '../shared/failure-text.ts';
import { SheetThumbnail } from '../shared/sheet-thumbnail.tsx';
import { sheetPath } from '../shared/sheet-paths.ts';
import type { ReleaseStore } from './release-store.ts';
import type { EditField } from './revision-edit.ts';

interface PendingCardProps {
  store: ReleaseStore;
  row: RevisionRow;
  thumbnail: string;
  mayEdit: boolean;
  mayRelease: boolean;
  /** Why publishing is not offered, when it is not. */
  noRight: string | null;
  onPublish: () => void;
  onReject: () => void;
}

/**
 * One revision waiting for review: its picture, the file and page it came from, what the title
 * block said, what it will become, and its fields, each problem told beside it as a sentence.
 */
export const PendingCard = observer(function PendingCard({ store, row, thumbnail, mayEdit, mayRelease, noRight, onPublish, onReject }: PendingCardProps) {
  const { t } = useTranslation('drawings');
  const { disciplineOptions, date, language } = useDrawingTexts();
  const id = useId();
  const edit = store.editOf(row);
  const problems = store.problems(row);
  const busy = store.busy.has(row.id);
  const dirty = store.dirty(row);
  const target = store.target(row);
  const refusal = store.serverProblems.has(row.id)
    ? failureText(store.serverProblems.get(row.id), { 403: t('release.noEditRight'), 409: t('release.changedMeanwhile') }, t('release.saveFailed'))
    : null;
  const heading = `${id}-heading`;

  const problemOf = (field: EditField, max?: number) => {
    const problem = problems[field];
    return problem ? t(`release.problem.${field}.${problem}`, { max }) : undefined;
  };
  const field = (name: EditField, max?: number) => ({
    validateStatus: problems[name] ? ('error' as const) : undefined,
    help: problemOf(name, max),
    htmlFor: `${id}-${name}`,
  });
  const source = row.page === null ? row.fileName : t('release.filePage', { file: row.fileName, page: formatNumber(row.page, language) });
  const read = row.readNumber || row.readTitle ? [row.readNumber, row.readTitle].filter(Boolean).join(' · ') : null;
  const guarded = (button: ReactElement) => (noRight ? <Tooltip title={noRight}>{button}</Tooltip> : button);

  return (
    <Card size="small" className={`drawing-pending${store.selected.has(row.id) ? ' is-selected' : ''}`} aria-labelledby={heading} data-testid={`drawing-pending-${row.id}`}>
      <div className="drawing-pending-layout">
        <div className="drawing-pending-side">
          <Checkbox
            checked={store.selected.has(row.id)}
            onChange={(event) => store.toggle(row.id, event.target.checked)}
            aria-labelledby={heading}
            data-testid={`drawing-pick-${row.id}`}
          />
          <Link to={sheetPath(row.id)} className="drawing-pending-thumb" aria-label={t('release.look', { file: source })}>
            <SheetThumbnail url={thumbnail} alt={t('register.thumbnailOf', { number: edit.number || row.fileName })} />
          </Link>
        </div>
        <div className="drawing-pending-main">
          <div className="drawing-pending-head">
            <Typography.Text strong id={heading} className="drawing-pending-source">
              <bdi>{source}</bdi>
            </Typography.Text>
            {target.kind === 'newSheet' ? (
              <Tag color="blue" data-testid="drawing-target">
                {t('release.newSheet')}
              </Tag>
            ) : target.kind === 'newRevision' ? (
              <Tag color="purple" data-testid="drawing-target">
                {target.currentLabel
                  ? t('release.newRevisionOf', { number: target.number, current: target.currentLabel })
                  : t('release.newRevisionOfUnpublished', { number: target.number })}
              </Tag>
            ) : null}
          </div>
          <Typography.Text type="secondary" className="drawing-pending-read">
            {read ? (
              <>
                {t('release.read')} <bdi data-testid="drawing-read">{read}</bdi>
              </>
            ) : (
              t('release.nothingRead')
            )}
          </Typography.Text>
          <Form layout="vertical" className="drawing-pending-form" disabled={!mayEdit || busy} component="div">
            <Form.Item label={t('columns.number')} required {...field('number')}>
              <Input
                id={`${id}-number`}
                value={edit.number}
                maxLength={64}
                onChange={(event) => store.change(row, { number: event.target.value })}
                // Shown as it will be kept: upper case, full-width forms read as plain ones.
                onBlur={() => {
                  const kept = normaliseSheetNumber(edit.number);
                  if (kept && kept !== edit.number) store.change(row, { number: kept });
                }}
                data-testid="drawing-edit-number"
              />
            </Form.Item>
            <Form.Item label={t('columns.title')} className="drawing-pending-title" {...field('title')}>
              <Input id={`${id}-title`} dir="auto" value={edit.title} onChange={(event) => store.change(row, { title: event.target.value })} data-testid="drawing-edit-title" />
            </Form.Item>
            <Form.Item label={t('columns.discipline')} htmlFor={`${id}-discipline`}>
              <Select<string>
                id={`${id}-discipline`}
                value={edit.discipline}
                options={disciplineOptions}
                onChange={(discipline) => store.change(row, { discipline })}
                popupMatchSelectWidth={false}
                data-testid="drawing-edit-discipline"
              />
            </Form.Item>
            <Form.Item label={t('columns.revision')} required {...field('label')}>
              <Input id={`${id}-label`} value={edit.label} onChange={(event) => store.change(row, { label: event.target.value })} data-testid="drawing-edit-label" />
            </Form.Item>
            <Form.Item label={t('columns.set')} htmlFor={`${id}-set`}>
              <Select<number | ''>
                id={`${id}-set`}
                value={edit.setId ?? ''}
                loading={store.sets.loading}
                options={[{ value: '', label: t('sets.none') }, ...(store.sets.data ?? []).map((set) => ({ value: set.id, label: set.name }))]}
                onChange={(value) => store.change(row, { setId: value === '' ? null : value })}
                popupMatchSelectWidth={false}
                data-testid="drawing-edit-set"
              />
            </Form.Item>
          </Form>
          {refusal && <Alert type="error" showIcon role="alert" title={refusal} className="drawing-pending-problem" />}
          <div className="drawing-pending-foot">
            <Typography.Text type="secondary" className="drawing-pending-by">
              {t('release.uploadedBy', { name: row.uploadedBy, date: date(row.createTime) })}
            </Typography.Text>
            <Space wrap>
              <Link to={sheetPath(row.id)} tabIndex={-1}>
                <Button size="small" icon={<EyeOutlined />}>
                  {t('release.open')}
                </Button>
              </Link>
              {dirty && (
                <>
                  <Button size="small" icon={<UndoOutlined />} onClick={() => store.undo(row)} disabled={busy}>
                    {t('release.undo')}
                  </Button>
                  <Button size="small" icon={<SaveOutlined />} onClick={() => void store.save(row)} loading={busy} disabled={!store.valid(row)} data-testid="drawing-save">
                    {t('release.save')}
                  </Button>
                </>
              )}
              {guarded(
                <Button size="small" danger icon={<CloseOutlined />} onClick={onReject} disabled={!mayRelease || busy} data-testid="drawing-reject-one">
                  {t('release.reject')}
                </Button>,
              )}
              {guarded(
                <Button size="small" type="primary" icon={<CheckOutlined />} onClick={onPublish} disabled={!mayRelease || busy} data-testid="drawing-publish-one">
                  {t('release.publish')}
                </Button>,
              )}
            </Space>
          </div>
        </div>
      </div>
    </Card>
  );
});
