import { App, Button, Card, Checkbox, Empty, Tabs, Tag, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadState } from '../../ui/load-state.tsx';
import { ResourceTreePicker } from '../../ui/resource-tree-picker.tsx';
import { UserTransfer } from '../../ui/user-transfer.tsx';
import { messageOf } from '../../api/error-message.ts';
import { DataScopeOptions } from './data-scope-options.tsx';
import type { RoleManageStore, RoleSection } from './role-manage-store.ts';
import { useTextIn } from '../../i18n/local-text.ts';

/** Save and discard for one tab, with a note while it holds unsaved edits. */
const SectionFooter = observer(function SectionFooter({ store, section }: { store: RoleManageStore; section: RoleSection }) {
  const { t } = useTranslation('admin');
  const { message } = App.useApp();
  const changed = store.changed(section);
  const save = async () => {
    try {
      await store.save(section);
      void message.success(t('state.saved'));
    } catch (failure) {
      void message.error(messageOf(failure, t('state.saveFailed')));
    }
  };
  return (
    <div className="admin-footer">
      <Button type="primary" onClick={() => void save()} loading={store.saving === section} disabled={!changed} data-testid={`save-${section}`}>
        {t('actions.save')}
      </Button>
      <Button onClick={() => store.resetDrafts()} disabled={!changed || store.saving === section}>
        {t('actions.discard')}
      </Button>
      {changed && <Typography.Text type="warning">{t('state.unsaved')}</Typography.Text>}
    </div>
  );
});

/** A tab's label, marked while the tab holds unsaved edits. */
function TabLabel({ children, changed }: { children: ReactNode; changed: boolean }) {
  return (
    <span>
      {children}
      {changed && <span className="admin-dirty-dot" aria-hidden />}
    </span>
  );
}

/** The role picked in the list: menus and function points, data scope, holders, permission groups. */
export const RoleDetailPanel = observer(function RoleDetailPanel({ store }: { store: RoleManageStore }) {
  const { t } = useTranslation('admin');
  const textOf = useTextIn();
  const role = store.selected;
  if (!role || !store.detail) {
    return (
      <Card>
        <Empty description={t('roles.pickOne')} />
      </Card>
    );
  }
  return (
    <Card
      title={
        <span>
          <bdi>{textOf(role.name)}</bdi> <Typography.Text code>{role.code}</Typography.Text>
        </span>
      }
      extra={<Tag color="blue">{t(`roles.scopes.${role.dataScope}.label`)}</Tag>}
    >
      {textOf(role.description) && (
        <Typography.Paragraph type="secondary" dir="auto">
          {textOf(role.description)}
        </Typography.Paragraph>
      )}
      <LoadState source={store.detail}>
        {() => (
          <Tabs
            destroyOnHidden={false}
            items={[
              {
                key: 'resources',
                label: <TabLabel changed={store.changed('resources')}>{t('roles.tabs.resources')}</TabLabel>,
                children: (
                  <>
                    <Typography.Paragraph type="secondary">{t('roles.resourcesHelp')}</Typography.Paragraph>
                    <LoadState source={store.tree} empty={{ when: (tree) => tree.length === 0, description: t('tree.empty') }}>
                      {(tree) => (
                        <ResourceTreePicker
                          tree={tree}
                          withPoints
                          value={store.resources}
                          onChange={(ids) => store.setResources(ids)}
                          label={t('roles.tabs.resources')}
                        />
                      )}
                    </LoadState>
                    <SectionFooter store={store} section="resources" />
                  </>
                ),
              },
              {
                key: 'dataScope',
                label: <TabLabel changed={store.changed('dataScope')}>{t('roles.tabs.dataScope')}</TabLabel>,
                children: (
                  <>
                    <Typography.Paragraph type="secondary">{t('roles.dataScopeHelp')}</Typography.Paragraph>
                    <DataScopeOptions value={store.dataScope} onChange={(scope) => store.setDataScope(scope)} />
                    <SectionFooter store={store} section="dataScope" />
                  </>
                ),
              },
              {
                key: 'users',
                label: <TabLabel changed={store.changed('users')}>{t('roles.tabs.users')}</TabLabel>,
                children: (
                  <>
                    <LoadState source={store.users}>
                      {(users) => (
                        <UserTransfer users={users} value={store.userIds} onChange={(ids) => store.setUserIds(ids)} chosenTitle={t('roles.holders')} />
                      )}
                    </LoadState>
                    <SectionFooter store={store} section="users" />
                  </>
                ),
              },
              {
                key: 'groups',
                label: <TabLabel changed={store.changed('groups')}>{t('roles.tabs.groups')}</TabLabel>,
                children: (
                  <>
                    <Typography.Paragraph type="secondary">{t('roles.groupsHelp')}</Typography.Paragraph>
                    <LoadState source={store.groups} empty={{ when: (groups) => groups.length === 0, description: t('groups.empty') }}>
                      {(groups) => (
                        <Checkbox.Group
                          className="admin-checkbox-column"
                          value={store.groupIds}
                          onChange={(ids) => store.setGroupIds(ids)}
                          options={groups.map((group) => ({
                            value: group.id,
                            label: (
                              <span>
                                {group.name} <span className="admin-muted">{t('groups.pointCount', { count: group.points.length })}</span>
                              </span>
                            ),
                          }))}
                        />
                      )}
                    </LoadState>
                    <SectionFooter store={store} section="groups" />
                  </>
                ),
              },
            ]}
            onChange={(key) => {
              // Each tab loads what it shows when first opened.
              if (key === 'users') void store.users.ensure();
              if (key === 'groups') void store.groups.ensure();
            }}
          />
        )}
      </LoadState>
    </Card>
  );
});
