// @vitest-environment happy-dom
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import type { i18n as I18n } from 'i18next';
import { createElement, type ReactElement } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createI18n } from '../../../src/web/i18n/i18n.ts';
import { ChangePasswordModal } from '../../../src/web/shell/layout/change-password-modal.tsx';
import { ForgotPasswordForm } from '../../../src/web/shell/login/forgot-password-form.tsx';
import { RegisterForm } from '../../../src/web/shell/login/register-form.tsx';
import type { RootStore } from '../../../src/web/stores/root-store.ts';
import { fileBackend } from '../../helpers/locales.ts';
import { renderScreen, stubMatchMedia } from '../../helpers/render-screen.ts';

let i18n: I18n;

beforeAll(async () => {
  i18n = await createI18n({ lng: 'en', backend: fileBackend });
  stubMatchMedia();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

/** Stores with only the api calls these forms make, each a spy that succeeds unless told otherwise. */
function fakeStores(api: Record<string, (...args: never[]) => Promise<unknown>> = {}) {
  const calls = {
    sendRegisterCode: vi.fn(() => Promise.resolve(null)),
    register: vi.fn(() => Promise.resolve({ token: 'x' })),
    sendResetCode: vi.fn(() => Promise.resolve(null)),
    resetPassword: vi.fn(() => Promise.resolve(null)),
    updatePassword: vi.fn(() => Promise.resolve(null)),
    ...api,
  };
  return { stores: { api: calls } as unknown as RootStore, api: calls };
}

const field = (id: string) => document.getElementById(id) as HTMLInputElement;

async function type(id: string, value: string) {
  await act(async () => {
    fireEvent.change(field(id), { target: { value } });
  });
}

/** Types each value into the field of that name in form `form` (ids are `${form}_${name}`). */
async function fill(form: string, values: Record<string, string>) {
  for (const [name, value] of Object.entries(values)) await type(`${form}_${name}`, value);
}

async function click(name: RegExp | string) {
  await act(async () => {
    fireEvent.click(screen.getByRole('button', { name }));
  });
}

type Api = ReturnType<typeof fakeStores>['api'];

interface CodeFormCase {
  /** The antd form name, the prefix of its field ids. */
  form: string;
  render: (done: () => void) => ReactElement;
  /** Where the code goes: the field, a good and a bad value, and the messages about it. */
  to: { field: string; value: string; required: string; bad: string; badMessage: string };
  sendCode: keyof Api;
  sentNotice: string;
  password: { field: string; label: string };
  /** The form's other fields, as typed. */
  others: Record<string, string>;
  submit: string;
  submitCall: keyof Api;
  /** What the call is given for the values typed. */
  payload: Record<string, string>;
  failed: string;
}

const CODE_FORMS: CodeFormCase[] = [
  {
    form: 'register',
    render: (onRegistered) => createElement(RegisterForm, { onRegistered }),
    to: {
      field: 'mobilePhone',
      value: '13912340001',
      required: 'Enter your mobile phone number',
      bad: '12345',
      badMessage: 'Enter a valid mobile phone number',
    },
    sendCode: 'sendRegisterCode',
    sentNotice: 'A verification code has been sent to 13912340001',
    password: { field: 'password', label: 'Password' },
    others: { name: ' Wang Fang ' },
    submit: 'Register',
    submitCall: 'register',
    payload: { mobilePhone: '13912340001', verificationCode: '123456', name: 'Wang Fang', password: 'Str0ng-pass', confirm: 'Str0ng-pass' },
    failed: 'Registration failed',
  },
  {
    form: 'forgot-password',
    render: (onReset) => createElement(ForgotPasswordForm, { onReset }),
    to: {
      field: 'email',
      value: 'carol@harbor.example',
      required: 'Enter your e-mail address',
      bad: 'carol@',
      badMessage: 'Enter a valid e-mail address',
    },
    sendCode: 'sendResetCode',
    // The same whether or not an account uses the address.
    sentNotice: 'If an account uses this address, a code is on its way.',
    password: { field: 'newPassword', label: 'New password' },
    others: {},
    submit: 'Reset password',
    submitCall: 'resetPassword',
    payload: { email: 'carol@harbor.example', verificationCode: '123456', newPassword: 'Str0ng-pass', confirm: 'Str0ng-pass' },
    failed: 'The password could not be reset',
  },
];

describe.each(CODE_FORMS)('$form form', (c) => {
  const show = async (stores: RootStore) => {
    const done = vi.fn();
    await renderScreen(c.render(done), { i18n, stores });
    return done;
  };
  const id = (name: string) => `${c.form}_${name}`;
  const fillAll = (password: string, confirm: string) =>
    fill(c.form, { [c.to.field]: c.to.value, verificationCode: '123456', ...c.others, [c.password.field]: password, confirm });

  it('has the fields the server expects, named after the form', async () => {
    await show(fakeStores().stores);
    for (const name of [c.to.field, 'verificationCode', ...Object.keys(c.others), c.password.field, 'confirm']) {
      expect(field(id(name))).toBeTruthy();
    }
    expect(screen.getByLabelText(c.password.label).id).toBe(id(c.password.field));
    expect(screen.getByLabelText('Confirm password').id).toBe(id('confirm'));
    expect(field(id(c.password.field)).autocomplete).toBe('new-password');
    expect(field(id('confirm')).autocomplete).toBe('new-password');
  });

  it('checks where the code goes before sending it', async () => {
    const { stores, api } = fakeStores();
    await show(stores);
    await click('Send code');
    expect(await screen.findByText(c.to.required)).toBeTruthy();
    await type(id(c.to.field), c.to.bad);
    await click('Send code');
    expect(await screen.findByText(c.to.badMessage)).toBeTruthy();
    expect(api[c.sendCode]).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
  });

  it('sends the code, says so and waits 60 s before it may send again', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] });
    const { stores, api } = fakeStores();
    await show(stores);
    await type(id(c.to.field), c.to.value);
    await click('Send code');
    await waitFor(() => expect(api[c.sendCode]).toHaveBeenCalledWith(c.to.value));
    expect((await screen.findByRole('status')).textContent).toBe(c.sentNotice);
    const resend = await screen.findByRole('button', { name: 'Resend in 60 s' });
    expect(resend.hasAttribute('disabled')).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(59_000);
    });
    expect(screen.getByRole('button', { name: 'Resend in 1 s' }).hasAttribute('disabled')).toBe(true);
    await act(async () => {
      vi.advanceTimersByTime(1_000);
    });
    expect(screen.getByRole('button', { name: 'Send code' }).hasAttribute('disabled')).toBe(false);
  });

  it.each([
    ['Too many codes', 'Too many codes'],
    ['', 'The code could not be sent'],
  ])('shows why a code could not be sent ("%s"), and lets it be sent again at once', async (reason, shown) => {
    const { stores } = fakeStores({ [c.sendCode]: () => Promise.reject(new Error(reason)) });
    await show(stores);
    await type(id(c.to.field), c.to.value);
    await click('Send code');
    expect((await screen.findByRole('alert')).textContent).toBe(shown);
    expect(screen.getByRole('button', { name: 'Send code' })).toBeTruthy();
  });

  it('holds the password to the server limits and the confirmation to the password', async () => {
    const { stores, api } = fakeStores();
    await show(stores);
    await fillAll('short', 'other');
    await click(c.submit);
    expect(await screen.findByText('Use at least 8 characters')).toBeTruthy();
    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();
    await type(id(c.password.field), 'x'.repeat(129));
    expect(await screen.findByText('Use at most 128 characters')).toBeTruthy();
    await fill(c.form, { [c.password.field]: '', confirm: '' });
    await click(c.submit);
    expect(await screen.findByText('Enter a password')).toBeTruthy();
    expect(await screen.findByText('Confirm your password')).toBeTruthy();
    expect(api[c.submitCall]).not.toHaveBeenCalled();
  });

  it('submits the trimmed values, then hands on where the code went', async () => {
    const { stores, api } = fakeStores();
    const done = await show(stores);
    await fillAll('Str0ng-pass', 'Str0ng-pass');
    await click(c.submit);
    await waitFor(() => expect(done).toHaveBeenCalledWith(c.to.value));
    expect(api[c.submitCall]).toHaveBeenCalledWith(c.payload);
  });

  it.each([
    ['verificationCode: the code is not correct', 'verificationCode: the code is not correct'],
    ['', c.failed],
  ])('shows a failed submit in the form ("%s")', async (reason, shown) => {
    const { stores } = fakeStores({ [c.submitCall]: () => Promise.reject(new Error(reason)) });
    const done = await show(stores);
    await fillAll('Str0ng-pass', 'Str0ng-pass');
    await click(c.submit);
    expect((await screen.findByRole('alert')).textContent).toBe(shown);
    expect(done).not.toHaveBeenCalled();
  });
});

describe('change password dialog', () => {
  const show = async (stores: RootStore, onClose = vi.fn()) => {
    await renderScreen(createElement(ChangePasswordModal, { open: true, onClose }), { i18n, stores });
    return onClose;
  };

  it('has the current, new and confirmation fields under the change-password form', async () => {
    await show(fakeStores().stores);
    expect(screen.getByLabelText('Current password').id).toBe('change-password_password');
    expect(screen.getByLabelText('New password').id).toBe('change-password_newPassword');
    expect(screen.getByLabelText('Confirm new password').id).toBe('change-password_confirm');
    expect(field('change-password_password').autocomplete).toBe('current-password');
    expect(field('change-password_newPassword').autocomplete).toBe('new-password');
    expect(field('change-password_confirm').autocomplete).toBe('new-password');
  });

  it('checks the new password and its confirmation before changing it', async () => {
    const { stores, api } = fakeStores();
    const onClose = await show(stores);
    await click('OK');
    expect(await screen.findByText('Enter your current password')).toBeTruthy();
    expect(await screen.findByText('Enter a password')).toBeTruthy();
    expect(await screen.findByText('Confirm your password')).toBeTruthy();
    await fill('change-password', { password: 'Plinth#2026', newPassword: 'short', confirm: 'shorts' });
    await click('OK');
    expect(await screen.findByText('Use at least 8 characters')).toBeTruthy();
    expect(await screen.findByText('The two passwords do not match')).toBeTruthy();
    expect(api.updatePassword).not.toHaveBeenCalled();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('changes the password and closes', async () => {
    const { stores, api } = fakeStores();
    const onClose = await show(stores);
    await fill('change-password', { password: 'Plinth#2026', newPassword: 'N3w-password!', confirm: 'N3w-password!' });
    await click('OK');
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.updatePassword).toHaveBeenCalledWith('Plinth#2026', 'N3w-password!');
  });
});
