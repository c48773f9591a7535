import { BellOutlined } from '@ant-design/icons';
import { Badge, Button, Empty, Popover, Select, Space, Spin, Typography } from 'antd';
import { observer } from 'mobx-react-lite';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router-dom';
import type { Notification } from '../../../core/entities.ts';
import { formatServerDate } from '../../../core/format.ts';
import { languageOf } from '../../i18n/i18n.ts';
import { useStores } from '../../stores/stores-context.tsx';
import { openNotifyStream } from './notify-stream.ts';
import { noticeText } from './notice-text.ts';

/** Types the server sends today; the filter offers these plus any type seen in the list. */
const KNOWN_TYPES = ['TASK', 'FLOW', 'SYSTEM'];

/** Unread count kept live by the server-sent-events stream, opened with a new ticket on every (re)connect. */
function useUnreadCount(ticket: () => Promise<string>, token: string): [number, (n: number) => void] {
  const [count, setCount] = useState(0);
  useEffect(() => {
    if (!token) return;
    return openNotifyStream({ ticket, onUnreadCount: setCount });
  }, [ticket, token]);
  return [count, setCount];
}

export const NotificationBell = observer(function NotificationBell() {
  const stores = useStores();
  const { t, i18n } = useTranslation('layout');
  const navigate = useNavigate();
  const ticket = useCallback(async () => (await stores.api.notifyStreamTicket()).ticket, [stores]);
  const [unread, setUnread] = useUnreadCount(ticket, stores.user.token);
  const [open, setOpen] = useState(false);
  const [type, setType] = useState<string | null>(null);
  const [items, setItems] = useState<Notification[] | null>(null);
  const [failed, setFailed] = useState(false);

  const load = useCallback(async () => {
    setItems(null);
    setFailed(false);
    try {
      const page = await stores.api.notifyPage({ notifyType: type, pageNum: 1, pageSize: 20 });
      setItems(page.list);
    } catch {
      setFailed(true);
    }
  }, [stores, type]);

  useEffect(() => {
    if (open) void load();
  }, [open, load, unread]);

  const markRead = async (item?: Notification) => {
    const result = await stores.api.markNotify(item?.id);
    setUnread(result.unreadCount);
    setItems((list) => list?.map((n) => (!item || n.id === item.id ? { ...n, read: true } : n)) ?? null);
  };

  const types = [...new Set([...KNOWN_TYPES, ...(items ?? []).map((n) => n.notifyType)])];
  const content = (
    <div className="app-notify-panel">
      <Space style={{ width: '100%', justifyContent: 'space-between', marginBottom: 8 }}>
        <Select
          size="small"
          value={type ?? ''}
          onChange={(value: string) => setType(value || null)}
          style={{ width: 160 }}
          aria-label={t('header.notificationType')}
          options={[{ value: '', label: t('header.allTypes') }, ...types.map((v) => ({ value: v, label: t(`header.notificationTypes.${v}`, { defaultValue: v }) }))]}
        />
        <Button size="small" type="link" onClick={() => void markRead()} disabled={unread === 0}>
          {t('header.markAllRead')}
        </Button>
      </Space>
      {failed ? (
        <Empty description={t('header.notificationsFailed')}>
          <Button size="small" onClick={() => void load()}>
            {t('common:actions.retry')}
          </Button>
        </Empty>
      ) : items === null ? (
        <div style={{ textAlign: 'center', padding: 24 }}>
          <Spin />
        </div>
      ) : items.length === 0 ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('header.noNotifications')} />
      ) : (
        <ul className="item-list" style={{ maxHeight: 400, overflow: 'auto' }}>
          {items.map((item) => {
            const text = noticeText(t, i18n.language, item);
            return (
              <li
                key={item.id}
                tabIndex={0}
                className="item-list-action"
                style={{ opacity: item.read ? 0.6 : 1 }}
                onClick={() => {
                  void markRead(item);
                  if (item.link) {
                    setOpen(false);
                    // A notice is news about what it links to: a screen already showing it reads it again.
                    navigate(item.link, { state: { notice: item.id } });
                  }
                }}
                onKeyDown={(event) => {
                  if (event.key === 'Enter') event.currentTarget.click();
                }}
              >
                <div className="item-list-title">
                  <Space>
                    {!item.read && <Badge status="processing" />}
                    <Typography.Text strong={!item.read} dir="auto">{text.title}</Typography.Text>
                  </Space>
                </div>
                {text.content && <div className="item-list-detail" dir="auto">{text.content}</div>}
                <div className="item-list-detail item-list-small">{formatServerDate(item.createTime, languageOf(i18n))}</div>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );

  return (
    <Popover content={content} title={t('header.notifications')} trigger="click" open={open} onOpenChange={setOpen} placement="bottomRight">
      <Button type="text" aria-label={t('header.notifications')} data-testid="notification-bell">
        <Badge count={unread} size="small" overflowCount={99}>
          <BellOutlined style={{ fontSize: 18 }} />
        </Badge>
      </Button>
    </Popover>
  );
});
