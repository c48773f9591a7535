import { CheckCircleOutlined, CloudServerOutlined, WarningOutlined } from '@ant-design/icons';
import { Typography } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { problemSentence } from '../../ui/problem-sentence.ts';
import type { ConfigProblem } from './config-analysis.ts';

/** A problem's text in the reader's language: a syntax error's, else the checks' sentence. */
export function problemText(t: TFunction, problem: ConfigProblem): string {
  if (problem.syntax) return t(`admin:pages.syntax.${problem.syntax}`, { defaultValue: problem.syntax });
  if (problem.key) return problemSentence(t, { path: problem.path, key: problem.key, params: problem.params ?? {}, message: problem.message });
  return problem.path ? `${problem.path}: ${problem.message}` : problem.message;
}

interface ProblemListProps {
  id: string;
  problems: readonly ConfigProblem[];
  onPick: (problem: ConfigProblem) => void;
}

/** The config's problems by line; choosing one puts the editor's cursor on it. */
export function ProblemList({ id, problems, onPick }: ProblemListProps) {
  const { t } = useTranslation('admin');
  return (
    <section className="page-admin-problems" aria-labelledby={`${id}-title`}>
      <Typography.Text strong id={`${id}-title`}>
        {t('pages.problems.title')}
      </Typography.Text>
      <div id={id} role="status" aria-live="polite" className="page-admin-problems-summary">
        {problems.length === 0 ? (
          <Typography.Text type="success">
            <CheckCircleOutlined /> {t('pages.problems.none')}
          </Typography.Text>
        ) : (
          <Typography.Text type="danger">{t('pages.problems.count', { count: problems.length })}</Typography.Text>
        )}
      </div>
      {problems.length > 0 && (
        <ul className="page-admin-problem-list" data-testid="page-problems">
          {problems.map((problem, i) => (
            <li key={`${problem.from}-${problem.path}-${i}`}>
              <button type="button" className="page-admin-problem" onClick={() => onPick(problem)}>
                {problem.source === 'server' ? <CloudServerOutlined aria-hidden /> : <WarningOutlined aria-hidden />}
                <span className="page-admin-problem-line">{t('pages.problems.line', { line: problem.line })}</span>
                <span className="page-admin-problem-text" dir={problem.key ? undefined : 'ltr'}>
                  {problemText(t, problem)}
                </span>
                {problem.source === 'server' && <span className="page-admin-problem-source">{t('pages.problems.fromServer')}</span>}
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
