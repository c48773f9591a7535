// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { createElement, type ReactNode } from 'react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Notification, NotifySummary } from '../../../src/core/entities.ts';
import type { PageResult } from '../../../src/core/envelope.ts';
import { createI18n, type SupportedLanguage } from '../../../src/web/i18n/i18n.ts';
import { NotificationBell } from '../../../src/web/shell/layout/notification-bell.tsx';
import HomePage from '../../../src/web/shell/pages/home-page.tsx';
import { LayoutStore } from '../../../src/web/stores/layout-store.ts';
import type { RootStore } from '../../../src/web/stores/root-store.ts';
import { fileBackend } from '../../helpers/locales.ts';
import { renderScreen, stubMatchMedia } from '../../helpers/render-screen.ts';

// Instants are shown in the browser's time zone; fix it so the expected texts hold anywhere.
const ZONE = 'Asia/Shanghai';
const SENT = '2026-11-22T08:00:05.000Z'; // 16:00:05 in Shanghai
const ENGLISH = 'Nov 22, 2026 16:00:05';
const SERVER_FORM = '2026-11-22 16:00:05';

const notification: Notification = {
  id: 1,
  notifyType: 'TASK',
  title: 'Form approved',
  content: 'Site report #12',
  kind: null,
  params: null,
  read: false,
  createTime: SENT,
  link: null,
};

/** How each language shows SENT: English reformats it, the others keep the server's form. */
const DATE_BY_LANGUAGE = [
  ['en', ENGLISH],
  ['zh-CN', SERVER_FORM],
  ['ar', SERVER_FORM],
] as const;

let previousZone: string | undefined;
const i18ns = {} as Record<SupportedLanguage, I18n>;

beforeAll(async () => {
  previousZone = process.env.TZ;
  process.env.TZ = ZONE;
  for (const lng of ['en', 'zh-CN', 'ar'] as const) i18ns[lng] = await createI18n({ lng, backend: fileBackend });
  stubMatchMedia();
  return () => {
    if (previousZone === undefined) delete process.env.TZ;
    else process.env.TZ = previousZone;
  };
});

afterEach(cleanup);

function stores(): RootStore {
  const layout = new LayoutStore();
  const summary: NotifySummary = { unreadCount: 1, latest: [notification] };
  const page: PageResult<Notification> = { list: [notification], total: 1, pageNum: 1, pageSize: 20 };
  return {
    layout,
    user: { token: '' }, // no token: the bell opens no event stream
    api: {
      notifySummary: () => Promise.resolve(summary),
      notifyPage: () => Promise.resolve(page),
      markNotify: () => Promise.resolve({ unreadCount: 0 }),
    },
  } as unknown as RootStore;
}

function show(lng: SupportedLanguage, screenElement: ReactNode) {
  return renderScreen(screenElement, { i18n: i18ns[lng], stores: stores() });
}

describe('dates of notifications (spec §5: reformatted in English mode only)', () => {
  it.each(DATE_BY_LANGUAGE)('home page in %s shows %s', async (lng, expected) => {
    await show(lng, createElement(HomePage));
    expect(await screen.findByText(expected)).toBeTruthy();
    expect(screen.getByText('Form approved')).toBeTruthy();
  });

  it.each(DATE_BY_LANGUAGE)('notification bell list in %s shows %s', async (lng, expected) => {
    await show(lng, createElement(NotificationBell));
    await act(async () => {
      fireEvent.click(screen.getByTestId('notification-bell'));
    });
    expect(await screen.findByText(expected)).toBeTruthy();
    expect(screen.getByText('Site report #12')).toBeTruthy();
  });
});
