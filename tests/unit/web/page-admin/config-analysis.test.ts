import { describe, expect, it } from 'vitest';
import { DEMO_DATASETS } from '../../../../src/server/seed/demo/datasets.ts';
import { analyseConfigText, isPreviewable, placeProblem } from '../../../../src/web/pages/page-admin/config-analysis.ts';
import { configText, PAGE_TEMPLATES, pageTemplate } from '../../../../src/web/pages/page-admin/page-templates.ts';

const DATASETS = new Map(DEMO_DATASETS.map((d) => [d.code, d]));
const TEXTS = { title: 'T', intro: 'Intro', kpi: 'K', chart: 'C', table: 'Tb' };
const dashboard = () => pageTemplate('dashboard', TEXTS);

describe('the page editor’s checks of the config text', () => {
  it('pass every starter template, against the demo datasets too', () => {
    for (const name of PAGE_TEMPLATES) {
      const analysis = analyseConfigText(configText(pageTemplate(name, TEXTS)), DATASETS);
      expect(analysis.problems, name).toEqual([]);
      expect(isPreviewable(analysis), name).toBe(true);
    }
  });

  it('place a schema problem on the line of the bad property', () => {
    const config = dashboard();
    config.widgets[1]!.props = { kind: 'donut', x: 'category' };
    const text = configText(config);
    const [problem, ...rest] = analyseConfigText(text, DATASETS).problems;
    expect(rest).toEqual([]);
    expect(problem).toMatchObject({ path: 'widgets[1].props.kind', message: 'must be equal to one of the allowed values', source: 'config' });
    expect(text.split('\n')[problem!.line - 1]).toContain('"kind": "donut"');
    expect(text.slice(problem!.from, problem!.to)).toBe('"kind": "donut"');
  });

  it('check widget queries against the datasets once they are known', () => {
    const config = dashboard();
    config.widgets[0]!.data = { dataset: 'work_orders', measures: [{ agg: 'sum', field: 'colour' }] };
    const text = configText(config);
    expect(analyseConfigText(text, null).problems).toEqual([]);
    const [problem] = analyseConfigText(text, DATASETS).problems;
    expect(problem).toMatchObject({ path: 'widgets[0].data.measures[0].field', message: 'unknown field "colour" of dataset "work_orders"' });
    expect(text.slice(problem!.from, problem!.to)).toBe('"field": "colour"');
  });

  it('report syntax errors by code, and keep a preview only for problems inside widget props and queries', () => {
    const broken = analyseConfigText('{\n  "title": "x",\n}', DATASETS);
    expect(broken.config).toBeNull();
    expect(broken.problems[0]).toMatchObject({ syntax: 'PropertyNameExpected', line: 3, source: 'syntax' });
    expect(isPreviewable(broken)).toBe(false);

    const badProps = dashboard();
    badProps.widgets[2]!.props = { columns: 'all' };
    expect(isPreviewable(analyseConfigText(configText(badProps), DATASETS))).toBe(true);
    const badGrid = dashboard();
    badGrid.widgets[2]!.grid = { x: 0, y: 0, w: 0, h: 1 };
    expect(isPreviewable(analyseConfigText(configText(badGrid), DATASETS))).toBe(false);
  });

  it('place a problem the server names (`config.` taken off) on its line', () => {
    const text = configText(dashboard());
    const problem = placeProblem(text, null, 'widgets[2].data.sort[0].field', 'unknown field "created2"', 'server');
    expect(problem.source).toBe('server');
    expect(text.slice(problem.from, problem.to)).toBe('"field": "created"');
    expect(text.split('\n')[problem.line - 1]).toContain('"field": "created"');
  });
});
