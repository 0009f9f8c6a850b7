import { z } from 'zod';
import { isCommonPassword } from '../common-passwords';
import { firstNameField, lastNameField, userAnswer } from './users';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/**
 * Sign-up codes: 6 digits, valid 10 minutes, void after 5 wrong tries (product rules: accounts and
 * sign-in).
 */
export const VERIFICATION_CODE_LENGTH = 6;
export const VERIFICATION_CODE_MINUTES = 10;
export const VERIFICATION_CODE_MAX_ATTEMPTS = 5;
/** A password reset link works once, for 30 minutes. */
export const RESET_LINK_MINUTES = 30;

/** Users can type their address in any case; it is kept and compared lower-cased. */
export const emailField = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'E-mail is required')
  .max(254, 'An e-mail address has at most 254 characters')
  .pipe(z.email('Enter a valid e-mail address'));

/** A new password: 8 to 128 characters and not one of the most common passwords. */
export const newPasswordField = z
  .string()
  .min(PASSWORD_MIN_LENGTH, `Use at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Use at most ${PASSWORD_MAX_LENGTH} characters`)
  .refine((password) => !isCommonPassword(password), {
    message: 'This password is too common. Choose one that is harder to guess.',
  });

/** The rule of `newPasswordField` in words, for the help text under a new-password field. */
export const newPasswordHint = `${PASSWORD_MIN_LENGTH} to ${PASSWORD_MAX_LENGTH} characters, and not one of the passwords everyone uses.`;

/** A password typed to sign in: only bounded, since older passwords may predate today's rules. */
export const currentPasswordField = z
  .string()
  .min(1, 'Password is required')
  .max(1024, 'That password is too long');

/** Nobody registers as admin: admins are made with `npm run admin:create`. */
export const registerRoles = ['customer', 'farmer'] as const;
export type RegisterRole = (typeof registerRoles)[number];

export const registerBody = z.object({
  email: emailField,
  password: newPasswordField,
  role: z.enum(registerRoles, { error: 'Choose customer or farmer' }),
  firstName: firstNameField,
  lastName: lastNameField,
});
export type RegisterBody = z.input<typeof registerBody>;

/** `token` is the verification token the code screen sends back with the code. */
export const registerAnswer = z.object({ message: z.string(), token: z.string() });
export type RegisterAnswer = z.infer<typeof registerAnswer>;

export const verificationCodeField = z
  .string()
  .trim()
  .regex(/^\d{6}$/, 'Enter the 6-digit code from the e-mail');

export const signupVerificationBody = z.object({
  verificationCode: verificationCodeField,
  verificationToken: z.string().min(1, 'The verification token is missing').max(2048),
});
export type SignupVerificationBody = z.input<typeof signupVerificationBody>;

/** Verifying signs the new user in: the same answer as a sign-in, with a session token. */
export const signupVerificationAnswer = z.object({
  message: z.string(),
  user: userAnswer,
  token: z.string(),
});
export type SignupVerificationAnswer = z.infer<typeof signupVerificationAnswer>;

/** A new code, for the account of a verification token or, from the sign-in page, of an e-mail. */
export const resendVerificationBody = z
  .object({
    verificationToken: z.string().min(1).max(2048).optional(),
    email: emailField.optional(),
  })
  .refine((body) => (body.verificationToken === undefined) !== (body.email === undefined), {
    message: 'Send either verificationToken or email',
  });
export type ResendVerificationBody = z.input<typeof resendVerificationBody>;

export const resendVerificationAnswer = z.object({ message: z.string(), token: z.string() });
export type ResendVerificationAnswer = z.infer<typeof resendVerificationAnswer>;

export const loginBody = z.object({
  email: emailField,
  password: currentPasswordField,
  /** The admin sign-in option: refused with "Unauthorized access" unless the user is an admin. */
  admin: z.boolean().optional(),
});
export type LoginBody = z.input<typeof loginBody>;

export const sessionAnswer = z.object({ message: z.string(), user: userAnswer, token: z.string() });
export type SessionAnswer = z.infer<typeof sessionAnswer>;

export const forgotBody = z.object({ email: emailField });
export type ForgotBody = z.input<typeof forgotBody>;

/**
 * `POST /api/reset_password`: `{ old_password, new_password }` from a signed-in user (bearer token),
 * or `{ token, new_password }` from the e-mailed link.
 */
export const resetPasswordBody = z
  .object({
    token: z.string().min(1).max(512).optional(),
    old_password: currentPasswordField.optional(),
    new_password: newPasswordField,
  })
  .refine((body) => (body.token === undefined) !== (body.old_password === undefined), {
    message: 'Send either token (from the e-mailed link) or old_password',
  });
export type ResetPasswordBody = z.input<typeof resetPasswordBody>;

export const googleSignInBody = z.object({
  credential: z.string().min(1, 'The Google credential is missing').max(8192),
});
export type GoogleSignInBody = z.input<typeof googleSignInBody>;

export const googleSignInAnswer = sessionAnswer.extend({ isNewUser: z.boolean() });
export type GoogleSignInAnswer = z.infer<typeof googleSignInAnswer>;

/** What the web app needs to know before it draws the sign-in page. */
export const authConfigAnswer = z.object({
  googleEnabled: z.boolean(),
  googleClientId: z.string().nullable(),
});
export type AuthConfigAnswer = z.infer<typeof authConfigAnswer>;

// Forms of the web app that have no request of their own: confirmation fields are checked in the
// browser only, so the server's contract stays as the calls define it.
export const registerForm = registerBody
  .extend({ confirmPassword: z.string() })
  .refine((form) => form.password === form.confirmPassword, {
    message: 'The passwords do not match',
    path: ['confirmPassword'],
  });
export type RegisterForm = z.input<typeof registerForm>;

export const resetPasswordForm = z
  .object({ new_password: newPasswordField, confirmPassword: z.string() })
  .refine((form) => form.new_password === form.confirmPassword, {
    message: 'The passwords do not match',
    path: ['confirmPassword'],
  });
export type ResetPasswordForm = z.input<typeof resetPasswordForm>;

export const changePasswordForm = z
  .object({
    old_password: currentPasswordField,
    new_password: newPasswordField,
    confirmPassword: z.string(),
  })
  .refine((form) => form.new_password === form.confirmPassword, {
    message: 'The passwords do not match',
    path: ['confirmPassword'],
  })
  .refine((form) => form.new_password !== form.old_password, {
    message: 'Choose a password different from your current one',
    path: ['new_password'],
  });
export type ChangePasswordForm = z.input<typeof changePasswordForm>;
