import {
  authConfigAnswer,
  forgotBody,
  googleSignInAnswer,
  googleSignInBody,
  loginBody,
  registerAnswer,
  registerBody,
  resendVerificationAnswer,
  resendVerificationBody,
  resetPasswordBody,
  sessionAnswer,
  signupVerificationAnswer,
  signupVerificationBody,
} from '@furrow/domain/api/auth';
import { errorAnswer, messageAnswer } from '@furrow/domain/api/common';
import { AppError } from '@furrow/domain/errors';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { RateLimiter } from '../../adapters/rate-limiter';
import { requireViewer } from '../../plugins/session';
import {
  type AuthDeps,
  changePassword,
  googleSignIn,
  login,
  register,
  requestPasswordReset,
  resendForAccount,
  resendForEmail,
  resetWithToken,
  verifySignup,
} from './auth.service';
import { createRateGate, rateRules } from './rate-limits';
import { readVerificationToken } from './tokens';

export interface AuthRoutesOptions {
  deps: AuthDeps;
  limiter: RateLimiter;
}

const refused = { 400: errorAnswer, 401: errorAnswer, 403: errorAnswer, 429: errorAnswer };

/** Sign-up with an e-mailed code, sign-in, password reset and change, and Google sign-in. */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (
  app,
  { deps, limiter },
) => {
  const gate = createRateGate(limiter);

  app.post(
    '/register',
    {
      schema: {
        tags: ['auth'],
        summary: 'Create an account and e-mail it a 6-digit code',
        description:
          'Creates an unverified customer or farmer and e-mails a code valid 10 minutes. `token` is the verification token to send back with the code. An address already in use gets 409.',
        body: registerBody,
        response: { 201: registerAnswer, 409: errorAnswer, ...refused },
      },
    },
    async (request, reply) => {
      await gate.hit(reply, 'register', `register:ip:${request.ip}`, rateRules.registerPerIp);
      return reply.status(201).send(await register(deps, request.body));
    },
  );

  app.post(
    '/signup_verification',
    {
      schema: {
        tags: ['auth'],
        summary: 'Verify a new account with the e-mailed code',
        description:
          'The code works once, for 10 minutes; after 5 wrong tries it is void and even the right one fails.',
        body: signupVerificationBody,
        response: { 200: signupVerificationAnswer, 409: errorAnswer, ...refused },
      },
    },
    async (request, reply) => {
      await gate.hit(reply, 'verify', `verify:ip:${request.ip}`, rateRules.verifyPerIp);
      const userId = await readVerificationToken(deps.secret, request.body.verificationToken);
      if (!userId) throw new AppError('VERIFICATION_EXPIRED');
      await gate.hit(reply, 'verify', `verify:user:${userId}`, rateRules.verifyPerAccount);
      return verifySignup(deps, userId, request.body.verificationCode);
    },
  );

  app.post(
    '/resend_verification',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a new sign-up code',
        description:
          'For the account of `verificationToken`, or of `email` (the same answer whether or not such an account exists). Earlier codes stop working.',
        body: resendVerificationBody,
        response: { 200: resendVerificationAnswer, 409: errorAnswer, ...refused },
      },
    },
    async (request, reply) => {
      await gate.hit(reply, 'resend', `resend:ip:${request.ip}`, rateRules.resendPerIp);
      const { verificationToken, email } = request.body;
      if (email !== undefined) {
        await gate.hit(reply, 'resend', `resend:email:${email}`, rateRules.resendPerAccount);
        await gate.hit(reply, 'resend', `mail:${email}`, rateRules.mailsPerAddress);
        return resendForEmail(deps, email);
      }
      const userId = await readVerificationToken(deps.secret, verificationToken ?? '');
      if (!userId) throw new AppError('VERIFICATION_EXPIRED');
      await gate.hit(reply, 'resend', `resend:user:${userId}`, rateRules.resendPerAccount);
      await gate.hit(reply, 'resend', `mail:user:${userId}`, rateRules.mailsPerAddress);
      return resendForAccount(deps, userId);
    },
  );

  app.post(
    '/login',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with e-mail and password',
        description:
          'A wrong e-mail and a wrong password get the same 401. An unverified account is refused (403). With `admin: true`, anyone but an admin gets 403 "Unauthorized access".',
        body: loginBody,
        response: { 200: sessionAnswer, ...refused },
      },
    },
    async (request, reply) => {
      await gate.hit(reply, 'login', `login:ip:${request.ip}`, rateRules.loginPerIp);
      return gate.signIn(reply, request.body.email, request.ip, () => login(deps, request.body));
    },
  );

  app.post(
    '/forgot',
    {
      schema: {
        tags: ['auth'],
        summary: 'E-mail a link to choose a new password',
        description:
          'Always the same answer, whether or not an account uses the address. The link works once, for 30 minutes.',
        body: forgotBody,
        response: { 200: messageAnswer, ...refused },
      },
    },
    async (request, reply) => {
      const { email } = request.body;
      await gate.hit(reply, 'forgot', `forgot:ip:${request.ip}`, rateRules.forgotPerIp);
      await gate.hit(reply, 'forgot', `forgot:email:${email}`, rateRules.forgotPerEmail);
      await gate.hit(reply, 'forgot', `mail:${email}`, rateRules.mailsPerAddress);
      return requestPasswordReset(deps, email);
    },
  );

  app.post(
    '/reset_password',
    {
      schema: {
        tags: ['auth'],
        summary: 'Change or reset the password',
        description:
          '`{ old_password, new_password }` with a bearer token changes the password; `{ token, new_password }` uses the e-mailed link. Either ends every session of the account.',
        security: [{ bearer: [] }, {}],
        body: resetPasswordBody,
        response: { 200: messageAnswer, ...refused },
      },
    },
    async (request, reply) => {
      const { token, old_password: oldPassword, new_password: newPassword } = request.body;
      if (token !== undefined) return resetWithToken(deps, token, newPassword);

      const user = requireViewer(request, 'account.manage');
      return gate.limitGuesses(
        reply,
        'password',
        `password:user:${user.id}`,
        rateRules.passwordChangeFailuresPerAccount,
        'WRONG_PASSWORD',
        () => changePassword(deps, user.id, oldPassword ?? '', newPassword),
      );
    },
  );

  app.post(
    '/auth/google',
    {
      schema: {
        tags: ['auth'],
        summary: 'Sign in with a Google ID token',
        description:
          "Checks the token's signature against Google's keys, its issuer, audience, expiry and verified e-mail. A new address becomes an active customer (`isNewUser: true`).",
        body: googleSignInBody,
        response: { 200: googleSignInAnswer, 404: errorAnswer, ...refused },
      },
    },
    async (request, reply) => {
      await gate.hit(reply, 'google', `google:ip:${request.ip}`, rateRules.googlePerIp);
      return googleSignIn(deps, request.body.credential);
    },
  );

  app.get(
    '/auth/config',
    {
      schema: {
        tags: ['auth'],
        summary: 'Which sign-in options are on',
        response: { 200: authConfigAnswer },
      },
    },
    async () => ({
      googleEnabled: deps.google !== null,
      googleClientId: deps.google?.clientId ?? null,
    }),
  );
};
