import { Checkbox, Select } from 'antd';
import { observer } from 'mobx-react-lite';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { OrgMember } from '../../../core/contracts/org.ts';
import type { Assignee } from '../../../core/flows/flow-definition.ts';
import type { FlowDesignerApi } from './flow-api.ts';
import { MEMBER_PICKER_LIMIT, type FlowDesignerStore } from './flow-designer-store.ts';
import { useTextIn } from '../../i18n/local-text.ts';

interface AssigneePickerProps {
  store: FlowDesignerStore;
  api: FlowDesignerApi;
  value: readonly Assignee[];
  onChange: (value: Assignee[]) => void;
  /** Prefix of the inputs' ids, e.g. `node-approval1-assignees`. */
  id: string;
}

/** People of an approval or CC node: members (searched in the directory), roles, and the submitter's manager. */
export const AssigneePicker = observer(function AssigneePicker({ store, api, value, onChange, id }: AssigneePickerProps) {
  const { t } = useTranslation('forms');
  const textOf = useTextIn();
  const [found, setFound] = useState<OrgMember[] | null>(null);
  const userIds = value.flatMap((a) => (a.kind === 'user' ? [a.userId] : []));
  const roleIds = value.flatMap((a) => (a.kind === 'role' ? [a.roleId] : []));
  const manager = value.some((a) => a.kind === 'manager');
  const emit = (next: { users?: number[]; roles?: number[]; manager?: boolean }) =>
    onChange([
      ...((next.manager ?? manager) ? [{ kind: 'manager' as const }] : []),
      ...(next.users ?? userIds).map((userId) => ({ kind: 'user' as const, userId })),
      ...(next.roles ?? roleIds).map((roleId) => ({ kind: 'role' as const, roleId })),
    ]);
  const search = (keyword: string) => {
    if (!keyword.trim()) return setFound(null);
    api.members(keyword.trim(), MEMBER_PICKER_LIMIT).then(setFound, () => setFound([]));
  };
  // Chosen members stay listed (with their names) whatever the search shows.
  const listed = new Map<number, OrgMember>();
  for (const m of store.members.data ?? []) if (userIds.includes(m.id)) listed.set(m.id, m);
  for (const m of found ?? store.members.data ?? []) listed.set(m.id, m);
  return (
    <div className="flow-assignees">
      <label htmlFor={`${id}-users`}>{t('flow.assignee.users')}</label>
      <Select
        id={`${id}-users`}
        mode="multiple"
        value={userIds}
        loading={store.members.loading}
        showSearch={{ filterOption: false, onSearch: search }}
        placeholder={t('flow.assignee.usersPlaceholder')}
        onChange={(users: number[]) => emit({ users })}
        onBlur={() => setFound(null)}
        options={[...listed.values()].map((m) => ({ value: m.id, label: m.departmentName ? `${m.name} · ${m.departmentName}` : m.name }))}
        notFoundContent={t('flow.assignee.noMembers')}
      />
      <label htmlFor={`${id}-roles`}>{t('flow.assignee.roles')}</label>
      <Select
        id={`${id}-roles`}
        mode="multiple"
        value={roleIds}
        loading={store.roles.loading}
        showSearch={{ optionFilterProp: 'label' }}
        placeholder={t('flow.assignee.rolesPlaceholder')}
        onChange={(roles: number[]) => emit({ roles })}
        options={(store.roles.data ?? []).map((r) => ({ value: r.id, label: textOf(r.name) }))}
        notFoundContent={store.roles.status === 'failed' ? store.roles.error : t('flow.assignee.noRoles')}
      />
      <Checkbox id={`${id}-manager`} checked={manager} onChange={(event) => emit({ manager: event.target.checked })}>
        {t('flow.assignee.manager')}
      </Checkbox>
    </div>
  );
});
