import { AntdFrame } from '../frame/antd-frame.tsx';
import { ForgotPasswordForm } from './forgot-password-form.tsx';
import { RegisterForm } from './register-form.tsx';

export type AccountFormKind = 'register' | 'forgot';

/**
 * Registration and password reset, loaded when their tab is first opened: they need antd's
 * form machinery (code fields, format rules), which password sign-in does without.
 */
export default function AccountForms({ kind, onDone }: { kind: AccountFormKind; onDone: () => void }) {
  return <AntdFrame>{kind === 'register' ? <RegisterForm onRegistered={onDone} /> : <ForgotPasswordForm onReset={onDone} />}</AntdFrame>;
}
