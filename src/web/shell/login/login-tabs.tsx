import { useRef, type KeyboardEvent, type ReactNode } from 'react';

export interface LoginTab<K extends string> {
  key: K;
  label: string;
}

/**
 * WAI-ARIA tabs: the tab list is one stop of the Tab key; arrow keys (mirrored right to
 * left), Home and End move between tabs, Enter or Space opens the focused one.
 */
export function LoginTabs<K extends string>({
  tabs,
  active,
  onChange,
  children,
}: {
  tabs: LoginTab<K>[];
  active: K;
  onChange: (key: K) => void;
  children: ReactNode;
}) {
  const list = useRef<HTMLDivElement>(null);
  const idOf = (key: K) => `login-tab-${key}`;

  const moveFocus = (event: KeyboardEvent<HTMLDivElement>) => {
    const buttons = [...(list.current?.querySelectorAll<HTMLButtonElement>('[role=tab]') ?? [])];
    const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (at < 0) return;
    const rtl = getComputedStyle(event.currentTarget).direction === 'rtl';
    const step = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
    let next: number | undefined;
    if (step !== undefined) next = (at + step + buttons.length) % buttons.length;
    else if (event.key === 'Home') next = 0;
    else if (event.key === 'End') next = buttons.length - 1;
    if (next === undefined) return;
    event.preventDefault();
    buttons[next]!.focus();
  };

  return (
    <div className="login-tabs">
      <div className="login-tab-list" role="tablist" ref={list} onKeyDown={moveFocus}>
        {tabs.map((tab) => (
          <button
            key={tab.key}
            type="button"
            role="tab"
            id={idOf(tab.key)}
            aria-selected={tab.key === active}
            aria-controls={`${idOf(tab.key)}-panel`}
            tabIndex={tab.key === active ? 0 : -1}
            className="login-tab"
            onClick={() => onChange(tab.key)}
          >
            {tab.label}
          </button>
        ))}
      </div>
      <div className="login-tab-panel" role="tabpanel" id={`${idOf(active)}-panel`} aria-labelledby={idOf(active)}>
        {children}
      </div>
    </div>
  );
}
