import { Card, Col, Empty, Row, Skeleton, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { createElement, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { NotifySummary } from '../../../core/entities.ts';
import { formatServerDate } from '../../../core/format.ts';
import type { MenuItem } from '../../../core/menu-tree.ts';
import { languageOf } from '../../i18n/i18n.ts';
import { menuTitle } from '../../i18n/menu-title.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { menuIcon } from '../layout/menu-icons.ts';
import { noticeText } from '../layout/notice-text.ts';

/** Menu entries with a route, grouped under their top-level section. */
function sections(menu: readonly MenuItem[]): { section: MenuItem; links: MenuItem[] }[] {
  return menu
    .filter((item) => item.type === 'MENU' && item.route !== '/home')
    .map((section) => ({
      section,
      links: section.route ? [section] : section.children.filter((child) => child.type === 'MENU' && child.route),
    }))
    .filter((group) => group.links.length > 0);
}

/** /home: who and where you are, where you can go, and what is new. */
const HomePage = observer(function HomePage() {
  const stores = useStores();
  const { layout } = stores;
  const { t, i18n } = useTranslation(['layout', 'menu']);
  const [summary, setSummary] = useState<NotifySummary | null | 'failed'>(null);

  useEffect(() => {
    stores.api.notifySummary().then(setSummary, () => setSummary('failed'));
  }, [stores]);

  return (
    <div>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        {t('layout:home.greeting', { name: layout.userData?.name ?? '' })}
      </Typography.Title>
      {layout.workSpace && (
        <Typography.Paragraph type="secondary">
          {t('layout:home.workspace', { workspace: layout.workSpace.name })}
        </Typography.Paragraph>
      )}
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={16}>
          <Row gutter={[16, 16]}>
            {sections(layout.menuList).map(({ section, links }) => (
              <Col xs={24} md={12} key={section.key}>
                <Card size="small" title={<span>{createElement(menuIcon(section.icon))} {menuTitle(t, section, i18n.language)}</span>}>
                  <ul className="item-list">
                    {links.map((link) => (
                      <li key={link.key}>
                        <Link to={link.route!}>{menuTitle(t, link, i18n.language)}</Link>
                      </li>
                    ))}
                  </ul>
                </Card>
              </Col>
            ))}
            {layout.menuList.length === 0 && (
              <Col span={24}>
                <Empty description={t('layout:home.noMenu')} />
              </Col>
            )}
          </Row>
        </Col>
        <Col xs={24} lg={8}>
          <Card size="small" title={t('layout:header.notifications')}>
            {summary === null ? (
              <Skeleton active />
            ) : summary === 'failed' ? (
              <Empty description={t('layout:header.notificationsFailed')} />
            ) : summary.latest.length === 0 ? (
              <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('layout:header.noNotifications')} />
            ) : (
              <ul className="item-list">
                {summary.latest.map((item) => {
                  const { title } = noticeText(t, i18n.language, item);
                  return (
                    <li key={item.id}>
                      <div className="item-list-title" dir="auto">{item.link ? <Link to={item.link}>{title}</Link> : title}</div>
                      <div className="item-list-detail">{formatServerDate(item.createTime, languageOf(i18n))}</div>
                    </li>
                  );
                })}
              </ul>
            )}
          </Card>
        </Col>
      </Row>
    </div>
  );
});

export default HomePage;
