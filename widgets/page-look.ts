import { createContext } from 'react';

/**
 * How the screen around the widgets wants them drawn, beyond each widget's own props: the
 * palette charts take when their props name no colours (a tenant's BI settings, for plates).
 */
export interface PageLook {
  palette?: readonly string[];
}

export const PageLookContext = createContext<PageLook>({});
