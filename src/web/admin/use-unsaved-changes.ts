import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker } from 'react-router-dom';

/**
 * Asks before leaving a screen with unsaved edits: a confirmation for moves inside the app
 * (menu, tabs, links, back), the browser's own question for a reload or a closed window.
 * `isDirty` is read when the move happens, so a save just before a move lets it through.
 */
export function useUnsavedChanges(isDirty: () => boolean): void {
  const { t } = useTranslation('admin');
  const { modal } = App.useApp();
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current() && (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('unsaved.title'),
      content: t('unsaved.content'),
      okText: t('unsaved.leave'),
      okButtonProps: { danger: true },
      cancelText: t('unsaved.stay'),
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
    // One question per blocked move.
  }, [blocker.state]);

  useEffect(() => {
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (!dirty.current()) return;
      event.preventDefault();
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, []);
}
