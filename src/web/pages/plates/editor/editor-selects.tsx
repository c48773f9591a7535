import { ConfigProvider } from 'antd';
import type { ReactNode } from 'react';

const SELECT = { classNames: { popup: { root: 'plate-editor-select-popup' } } };

/**
 * The plate editor's pickers open as wide as their longest option (up to a limit, past which
 * an option ends in an ellipsis and shows in full on hover), never cut to the picker's width:
 * field names and source names are longer than the narrow pickers that hold them.
 */
export function EditorSelects({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider popupMatchSelectWidth={false} select={SELECT}>
      {children}
    </ConfigProvider>
  );
}
