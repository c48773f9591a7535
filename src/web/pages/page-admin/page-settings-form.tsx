import { Col, Form, Input, Radio, Row, Select, Switch, Typography, type FormInstance } from 'antd';
import type { TFunction } from 'i18next';
import { createElement } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_ROUTE_MAX_LENGTH, pageRouteIssue } from '../../../core/pages/page-route.ts';
import type { MenuNode } from '../../../core/entities.ts';
import type { Loadable } from '../../ui/loadable.ts';
import { LoadState } from '../../ui/load-state.tsx';
import { MenuParentSelect } from '../../ui/menu-parent-select.tsx';
import { MENU_ICONS } from '../../shell/layout/menu-icons.ts';
import type { PageSettings } from './page-edit-store.ts';
import { LocalTextInput } from '../../ui/local-text-input.tsx';

/** The route rule of src/core/pages/page-route.ts, in the reader's language. */
function routeMessage(t: TFunction, route: string): string | null {
  const issue = pageRouteIssue(route);
  switch (issue?.kind) {
    case undefined:
      return null;
    case 'tooLong':
      return t('admin:validation.maxLength', { max: issue.max });
    case 'shape':
      return t('admin:pages.routeShape');
    case 'reserved':
      return t('admin:pages.routeReserved', { segment: `/${issue.segment}` });
    case 'screen':
      return t('admin:pages.routeTaken', { route });
  }
}

const ICON_OPTIONS = Object.entries(MENU_ICONS).map(([name, icon]) => ({
  value: name,
  label: (
    <span className="page-admin-icon-option">
      {createElement(icon)} {name.replace(/Outlined$/, '')}
    </span>
  ),
}));

interface PageSettingsFormProps {
  form: FormInstance<PageSettings>;
  initial: PageSettings;
  menuTree: Loadable<MenuNode[]>;
  /** The menu entry the page has, which cannot be its own parent. */
  ownEntry: number | null;
  /** Shown as the menu title's placeholder: an entry without a title of its own takes the page's. */
  pageTitle: string;
  onChange: () => void;
}

/** Route, kind, publication and the menu entry of a page. */
export function PageSettingsForm({ form, initial, menuTree, ownEntry, pageTitle, onChange }: PageSettingsFormProps) {
  const { t } = useTranslation(['admin', 'menu']);
  const kind = Form.useWatch('kind', form) ?? initial.kind;
  const inMenu = Form.useWatch('inMenu', form) ?? initial.inMenu;
  const website = kind === 'website';

  return (
    <Form form={form} layout="vertical" name="page-settings" initialValues={initial} onValuesChange={onChange}>
      <Row gutter={16}>
        <Col xs={24} md={8} xl={5}>
          <Form.Item name="kind" label={t('admin:pages.kind')}>
            <Radio.Group
              optionType="button"
              options={[
                { value: 'page', label: t('admin:pages.kinds.page') },
                { value: 'website', label: t('admin:pages.kinds.website') },
              ]}
            />
          </Form.Item>
        </Col>
        <Col xs={24} md={10} xl={7}>
          {website ? (
            <Form.Item label={t('admin:pages.route')}>
              <Typography.Text type="secondary">{t('admin:pages.websiteRoute')}</Typography.Text>
            </Form.Item>
          ) : (
            <Form.Item
              name="route"
              label={t('admin:pages.route')}
              extra={t('admin:pages.routeHelp')}
              rules={[
                { required: true, whitespace: true, message: t('admin:validation.required') },
                {
                  validator: (_rule, value: unknown) => {
                    const problem = typeof value === 'string' && value.trim() ? routeMessage(t, value.trim()) : null;
                    return problem ? Promise.reject(new Error(problem)) : Promise.resolve();
                  },
                },
              ]}
            >
              <Input className="page-admin-ltr-input" autoComplete="off" maxLength={PAGE_ROUTE_MAX_LENGTH} placeholder="/site-overview" />
            </Form.Item>
          )}
        </Col>
        <Col xs={24} md={6} xl={4}>
          <Form.Item name="published" label={t('admin:pages.published')} valuePropName="checked" extra={t(website ? 'admin:pages.publishedWebsiteHelp' : 'admin:pages.publishedHelp')}>
            <Switch />
          </Form.Item>
        </Col>
        {!website && (
          <Col xs={24} xl={8}>
            <Form.Item name="inMenu" label={t('admin:pages.inMenu')} valuePropName="checked">
              <Switch />
            </Form.Item>
          </Col>
        )}
      </Row>
      {!website && inMenu && (
        <Row gutter={16}>
          <Col xs={24} md={10}>
            <LoadState source={menuTree}>
              {() => (
                <Form.Item name={['menu', 'parentId']} label={t('admin:pages.menuParent')} rules={[{ required: true, message: t('admin:validation.required') }]}>
                  <MenuParentSelect tree={menuTree.data ?? []} except={ownEntry} placeholder={t('admin:pages.menuParentPlaceholder')} data-testid="menu-parent" />
                </Form.Item>
              )}
            </LoadState>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item name={['menu', 'title']} label={t('admin:pages.menuTitle')} extra={t('admin:pages.menuTitleHelp')}>
              <LocalTextInput maxLength={120} placeholder={pageTitle} />
            </Form.Item>
          </Col>
          <Col xs={24} md={6}>
            <Form.Item name={['menu', 'icon']} label={t('admin:pages.menuIcon')}>
              <Select allowClear showSearch={{ optionFilterProp: 'value' }} options={ICON_OPTIONS} placeholder={t('admin:pages.menuIconPlaceholder')} />
            </Form.Item>
          </Col>
        </Row>
      )}
    </Form>
  );
}
