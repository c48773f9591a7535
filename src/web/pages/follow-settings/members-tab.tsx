import { App, Result, Select, Spin, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { observer } from 'mobx-react-lite';
import { useEffect, useState } from 'react';
import { DRAWING_AREA_POINTS, type DrawingAreaMember, type DrawingAreaMembers } from '../../../core/contracts/follow-settings.ts';
import { messageOf } from '../../api/error-message.ts';
import { ListTable } from '../../ui/list-table.tsx';
import { LoadState } from '../../ui/load-state.tsx';
import { Loadable } from '../../ui/loadable.ts';
import type { SettingsApi } from './settings-api.ts';
import { useSettingsTexts } from './settings-texts.ts';

/**
 * The workspace's members and their rights in the drawing area: the roles that give drawing and
 * follow-up points (a role counts in every workspace of the tenant) and the points they hold.
 */
export const MembersTab = observer(function MembersTab({ api, workspaceCode, access }: { api: SettingsApi; workspaceCode: string; access: boolean | null }) {
  const { t } = useTranslation('followSettings');
  // The server shows members' rights to holders of follow:settings only.
  if (access === null) return <Spin />;
  if (!access) return <Result status="info" title={t('members.needsRight')} data-testid="members-need-right" />;
  return <Members api={api} workspaceCode={workspaceCode} mayChange />;
});

const Members = observer(function Members({ api, workspaceCode, mayChange }: { api: SettingsApi; workspaceCode: string; mayChange: boolean }) {
  const { t } = useTranslation('followSettings');
  const { textIn } = useSettingsTexts();
  const { message } = App.useApp();
  const [members] = useState(() => new Loadable(() => api.members(workspaceCode)));
  const [saving, setSaving] = useState<number | null>(null);
  useEffect(() => void members.load(), [members]);

  const setRoles = async (data: DrawingAreaMembers, member: DrawingAreaMember, roleIds: number[]) => {
    setSaving(member.userId);
    try {
      const saved = await api.setMemberRoles(workspaceCode, member.userId, roleIds);
      members.set({ ...data, members: data.members.map((each) => (each.userId === saved.userId ? saved : each)) });
      void message.success(t('members.saved', { name: member.name }));
    } catch (failure) {
      void message.error(messageOf(failure, t('saveFailed')));
    } finally {
      setSaving(null);
    }
  };

  return (
    <LoadState source={members} empty={{ when: (data) => data.members.length === 0, description: t('members.empty') }}>
      {(data) => (
        <>
          <Typography.Paragraph type="secondary">{t('members.help')}</Typography.Paragraph>
          <ListTable<DrawingAreaMember>
            rowKey="userId"
            dataSource={data.members}
            pagination={data.members.length > 20 ? { pageSize: 20 } : false}
            titleColumns={['name']}
            data-testid="member-list"
            columns={[
              {
                key: 'name',
                title: t('members.name'),
                render: (_: unknown, member) => (
                  <span>
                    <bdi>{member.name}</bdi> <Typography.Text type="secondary"><bdi dir="ltr">{member.username}</bdi></Typography.Text>
                  </span>
                ),
              },
              {
                key: 'roles',
                title: t('members.roles'),
                render: (_: unknown, member) =>
                  member.admin ? (
                    <Tag color="purple">{t('members.admin')}</Tag>
                  ) : (
                    <Select<number[]>
                      mode="multiple"
                      className="follow-member-roles"
                      style={{ width: '100%', minWidth: 160 }}
                      value={member.roleIds}
                      disabled={!mayChange}
                      loading={saving === member.userId}
                      aria-label={t('members.rolesOf', { name: member.name })}
                      placeholder={t('members.noRoles')}
                      options={data.roles.map((role) => ({ value: role.id, label: textIn(role.name) }))}
                      onChange={(ids) => void setRoles(data, member, ids)}
                    />
                  ),
              },
              {
                key: 'points',
                title: t('members.rights'),
                render: (_: unknown, member) => (
                  <span className="follow-member-points">
                    {DRAWING_AREA_POINTS.filter((point) => member.points.includes(point)).map((point) => (
                      <Tag key={point}>{t(`point.${point.replace(':', '_')}`)}</Tag>
                    ))}
                    {member.points.length === 0 && <Typography.Text type="secondary">{t('members.viewOnly')}</Typography.Text>}
                  </span>
                ),
              },
            ]}
          />
        </>
      )}
    </LoadState>
  );
});
