import { App } from 'antd';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useBlocker, type Location } from 'react-router-dom';

export interface UnsavedChangesOptions {
  /** A move that keeps the edits (to a screen that works on the same draft): not asked about. */
  keepsEdits?: (next: Location) => boolean;
  /** The user chose to leave and drop the edits. */
  onLeave?: () => void;
}

/**
 * Asks before leaving a screen with unsaved edits: a confirmation for moves inside the app
 * (menu, tabs, links, back), the browser's own question for a reload or a closed window.
 * `isDirty` is read when the move happens, so a save just before a move lets it through.
 */
export function useUnsavedChanges(isDirty: () => boolean, options: UnsavedChangesOptions = {}): void {
  const { t } = useTranslation('admin');
  const { modal } = App.useApp();
  const dirty = useRef(isDirty);
  dirty.current = isDirty;
  const latest = useRef(options);
  latest.current = options;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      dirty.current() &&
      (currentLocation.pathname !== nextLocation.pathname || currentLocation.search !== nextLocation.search) &&
      !latest.current.keepsEdits?.(nextLocation),
  );

  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      title: t('unsaved.title'),
      content: t('unsaved.content'),
      okText: t('unsaved.leave'),
      okButtonProps: { danger: true },
      cancelText: t('unsaved.stay'),
      onOk: () => {
        latest.current.onLeave?.();
        blocker.proceed();
      },
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
