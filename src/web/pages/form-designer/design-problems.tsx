import { Alert, Button, Typography } from 'antd';
import type { FormItemProps } from 'antd';
import { observer } from 'mobx-react-lite';
import { useTranslation } from 'react-i18next';
import { isSection } from '../../../core/forms/form-design.ts';
import { problemSentence } from '../../ui/problem-sentence.ts';
import type { DesignStore, LocatedProblem } from './design-store.ts';

/** A field's property -> the label the properties panel shows it under (`designer.props.*`). */
const PROPERTY_LABELS: Readonly<Record<string, string>> = {
  key: 'key',
  label: 'label',
  title: 'title',
  description: 'description',
  content: 'content',
  placeholder: 'placeholder',
  span: 'span',
  options: 'options',
  precision: 'precision',
  currency: 'currency',
  formula: 'formula',
  resultType: 'resultType',
  linkedFormId: 'linkedForm',
  multiple: 'multiple',
  accept: 'accept',
  maxSizeMb: 'maxSizeMb',
  fields: 'columns',
  visibleIf: 'visibleIf',
  requiredIf: 'requiredIf',
};

/** Properties the panel shows a problem beside; the others are listed at the top of the panel. */
export const PLACED_PROPERTIES = new Set(Object.keys(PROPERTY_LABELS));

/** A design problem as a sentence naming the property by the label the panel gives it. */
export function useDesignProblemText(): (problem: LocatedProblem) => string {
  const { t } = useTranslation('forms');
  return (problem) => {
    const label = PROPERTY_LABELS[problem.property];
    return problemSentence(t, problem, label ? t(`designer.props.${label}`) : undefined);
  };
}

/** Form.Item props that show the selected item's problems with `property` under its input. */
export function useProblemStatus(store: DesignStore, key: string): (property: string) => Pick<FormItemProps, 'validateStatus' | 'help'> {
  const text = useDesignProblemText();
  const problems = store.problemsOf(key);
  return (property) => {
    const found = problems.filter((p) => p.property === property);
    if (!found.length) return {};
    return { validateStatus: 'error', help: <span data-testid={`problem-${property}`}>{found.map(text).join(' ')}</span> };
  };
}

/** The selected item's problems that no input of the panel shows (the item as a whole, its rules, its default). */
export const ItemProblems = observer(function ItemProblems({ store, itemKey }: { store: DesignStore; itemKey: string }) {
  const text = useDesignProblemText();
  const rest = store.problemsOf(itemKey).filter((p) => !PLACED_PROPERTIES.has(p.property));
  if (!rest.length) return null;
  return <Alert type="error" showIcon className="admin-block" data-testid="item-problems" title={rest.map(text).join(' ')} />;
});

/** The first problem of an item, under its card on the canvas. */
export const CardProblem = observer(function CardProblem({ store, itemKey }: { store: DesignStore; itemKey: string }) {
  const text = useDesignProblemText();
  const [first] = store.problemsOf(itemKey);
  if (!first) return null;
  return (
    <Typography.Text type="danger" className="designer-item-problem" data-testid={`card-problem-${itemKey}`}>
      {text(first)}
    </Typography.Text>
  );
});

/** A label as the reader's language has it (a label may hold one text per language). */
function inLanguage(text: unknown, lng: string): string {
  if (typeof text === 'string') return text;
  const texts = (text ?? {}) as Record<string, string | undefined>;
  return texts[lng] ?? texts.en ?? Object.values(texts).find(Boolean) ?? '';
}

/** Every problem of the design, each naming its field; choosing one selects the field. */
export const ProblemList = observer(function ProblemList({ store }: { store: DesignStore }) {
  const { t, i18n } = useTranslation('forms');
  const text = useDesignProblemText();
  const problems = store.problems;
  if (problems.length === 0) return null;
  const titleOf = (key: string | null) => {
    const item = key === null ? null : store.find(key)?.item;
    if (!item) return null;
    return inLanguage(isSection(item) ? item.title : item.label, i18n.language);
  };
  return (
    <Alert
      type="warning"
      showIcon
      data-testid="design-problems"
      title={t('designer.problems', { count: problems.length })}
      description={
        <ul className="designer-problem-list">
          {problems.map((problem, i) => {
            const title = titleOf(problem.itemKey);
            return (
              <li key={i}>
                <Button type="link" size="small" disabled={problem.itemKey === null} onClick={() => problem.itemKey && store.select(problem.itemKey)}>
                  {title ? t('designer.problemAt', { item: title, problem: text(problem) }) : text(problem)}
                </Button>
              </li>
            );
          })}
        </ul>
      }
    />
  );
});
