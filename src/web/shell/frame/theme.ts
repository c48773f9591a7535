import type { ThemeConfig } from 'antd';

/** Plinth's colours; login-page.css repeats the primary colour as --plinth-primary. */
export const THEME: ThemeConfig = { token: { colorPrimary: '#1677ff', borderRadius: 6 } };
