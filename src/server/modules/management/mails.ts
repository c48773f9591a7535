import { VERIFICATION_CODE_TTL_MS } from '../../../core/contracts/auth.ts';

/** The mails of user management. Plain text, in English like the other mails of the server. */
export interface Mail {
  subject: string;
  text: string;
}

const minutes = VERIFICATION_CODE_TTL_MS / 60_000;

const chooseSteps = (code: string) =>
  `To choose your password, open the Plinth sign-in page, choose "Forgot password", enter this e-mail address, ` +
  `the code ${code} and your new password. The code is valid for ${minutes} minutes; ` +
  `after that, ask for a new code on the same page.`;

export function invitationMail(input: { tenant: string; inviter: string; username: string; code: string }): Mail {
  return {
    subject: `You are invited to ${input.tenant} on Plinth`,
    text: [
      `${input.inviter} invited you to ${input.tenant} on Plinth.`,
      `Your sign-in name is ${input.username}; you can also sign in with this e-mail address.`,
      chooseSteps(input.code),
    ].join('\n\n'),
  };
}

export function addedToTenantMail(input: { tenant: string; inviter: string }): Mail {
  return {
    subject: `You were added to ${input.tenant} on Plinth`,
    text: [
      `${input.inviter} added your Plinth account to ${input.tenant}.`,
      `Sign in as usual and choose ${input.tenant} to enter it.`,
    ].join('\n\n'),
  };
}

export function passwordResetMail(input: { tenant: string; code: string }): Mail {
  return {
    subject: 'Plinth password reset code',
    text: [
      `An administrator of ${input.tenant} asked for your Plinth password to be reset, and signed you out there.`,
      chooseSteps(input.code),
    ].join('\n\n'),
  };
}
