import { observer } from 'mobx-react-lite';
import type { ReactNode } from 'react';

/**
 * Renders `children()` as an observer. antd renders table cells in its own components, outside
 * the screen's render, so a cell that reads store data (names that arrive after the rows)
 * must observe it itself.
 */
export const Live = observer(function Live({ children }: { children: () => ReactNode }) {
  return <>{children()}</>;
});
