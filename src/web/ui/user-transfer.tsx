import { Tag, Transfer } from 'antd';
import { useTranslation } from 'react-i18next';
import type { UserOption } from '../../core/contracts/management.ts';

interface UserTransferProps {
  users: readonly UserOption[];
  /** Optional so a Form.Item can hand them in. */
  value?: readonly number[];
  onChange?: (ids: number[]) => void;
  /** Title of the right-hand list, e.g. "Holders" or "Members". */
  chosenTitle: string;
  disabled?: boolean;
}

interface Item {
  key: string;
  title: string;
  description: string;
  user: UserOption;
}

/** Members of the tenant on the left, the chosen ones on the right; both lists searchable. */
export function UserTransfer({ users, value = [], onChange, chosenTitle, disabled }: UserTransferProps) {
  const { t } = useTranslation('admin');
  const items: Item[] = users.map((user) => ({ key: String(user.id), title: user.name, description: user.username, user }));
  return (
    <Transfer<Item>
      className="admin-transfer"
      dataSource={items}
      targetKeys={value.map(String)}
      onChange={(keys) => onChange?.(keys.map(Number))}
      disabled={disabled}
      showSearch
      filterOption={(input, item) => `${item.title} ${item.description}`.toLowerCase().includes(input.trim().toLowerCase())}
      titles={[t('picker.members'), chosenTitle]}
      locale={{ searchPlaceholder: t('picker.searchUsers'), notFoundContent: t('picker.noUsers') }}
      render={(item) => (
        <span>
          {item.title} <span className="admin-muted">@{item.description}</span>
          {item.user.type === 'ADMIN' && (
            <Tag color="gold" variant="filled" className="admin-inline-tag">
              {t('users.types.ADMIN')}
            </Tag>
          )}
          {item.user.status === 'DISABLED' && (
            <Tag variant="filled" className="admin-inline-tag">
              {t('users.statuses.DISABLED')}
            </Tag>
          )}
        </span>
      )}
    />
  );
}
