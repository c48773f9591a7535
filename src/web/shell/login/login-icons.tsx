/**
 * The few icons of the sign-in screen as inline SVG: @ant-design/icons would bring its icon
 * runtime onto the first page, which is drawn without antd.
 */
const ICONS = {
  user: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.2-8 5v2h16v-2c0-2.8-3.6-5-8-5Z',
  lock: 'M7 10V7a5 5 0 0 1 10 0v3h1.5c.8 0 1.5.7 1.5 1.5v9c0 .8-.7 1.5-1.5 1.5h-13C4.7 22 4 21.3 4 20.5v-9c0-.8.7-1.5 1.5-1.5H7Zm2 0h6V7a3 3 0 0 0-6 0v3Z',
  eye: 'M12 5c5 0 9 4.5 10 7-1 2.5-5 7-10 7S3 14.5 2 12c1-2.5 5-7 10-7Zm0 3a4 4 0 1 0 0 8 4 4 0 0 0 0-8Zm0 2a2 2 0 1 1 0 4 2 2 0 0 1 0-4Z',
  eyeOff: 'M3.3 2 22 20.7 20.7 22l-3.3-3.3A11 11 0 0 1 12 20c-5 0-9-4.5-10-7 .6-1.5 2.2-3.8 4.6-5.4L2 3.3 3.3 2Zm5.1 7.4A4 4 0 0 0 14.6 15l-1.5-1.5A2 2 0 0 1 10 10.9L8.4 9.4ZM12 6c5 0 9 4.5 10 7-.4 1-1.2 2.3-2.3 3.5L16 12.8A4 4 0 0 0 11.2 8L8.9 6.5C9.9 6.2 10.9 6 12 6Z',
  building: 'M4 21V4c0-.6.4-1 1-1h10c.6 0 1 .4 1 1v5h3c.6 0 1 .4 1 1v11h1v2H2v-2h2Zm2 0h3v-3h2v3h3V5H6v16Zm10 0h2v-10h-2v10ZM8 7h2v2H8V7Zm0 4h2v2H8v-2Zm0 4h2v2H8v-2Z',
  alert: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm-1 5v7h2V7h-2Zm0 9v2h2v-2h-2Z',
  check: 'M12 2a10 10 0 1 1 0 20 10 10 0 0 1 0-20Zm4.3 6.3L10.5 14l-2.8-2.8-1.4 1.4 4.2 4.2 7.2-7.1-1.4-1.4Z',
} as const;

export type LoginIconName = keyof typeof ICONS;

export function LoginIcon({ name }: { name: LoginIconName }) {
  return (
    <svg className="login-icon" viewBox="0 0 24 24" width="1em" height="1em" fill="currentColor" aria-hidden="true" focusable="false">
      <path d={ICONS[name]} />
    </svg>
  );
}
