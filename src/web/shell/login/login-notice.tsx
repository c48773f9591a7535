import { LoginIcon } from './login-icons.tsx';

/** A success or error line above a sign-in form; errors are announced at once. */
export function LoginNotice({ kind, text }: { kind: 'success' | 'error'; text: string }) {
  return (
    <div className={`login-notice login-notice-${kind}`} role={kind === 'error' ? 'alert' : 'status'}>
      <LoginIcon name={kind === 'error' ? 'alert' : 'check'} />
      <span>{text}</span>
    </div>
  );
}
