import type {
  AuthConfigAnswer,
  ForgotBody,
  GoogleSignInAnswer,
  LoginBody,
  RegisterAnswer,
  RegisterBody,
  ResendVerificationAnswer,
  ResendVerificationBody,
  ResetPasswordBody,
  SessionAnswer,
  SignupVerificationAnswer,
  SignupVerificationBody,
} from '@furrow/domain/api/auth';
import { api } from '../../lib/api-client';
import { authCall, authFailures } from '../../lib/auth-errors';

export const authApi = {
  register: (body: RegisterBody) =>
    authCall(authFailures.register, () => api.post<RegisterAnswer>('/api/register', { body })),
  verify: (body: SignupVerificationBody) =>
    authCall(authFailures.verify, () =>
      api.post<SignupVerificationAnswer>('/api/signup_verification', { body }),
    ),
  resend: (body: ResendVerificationBody) =>
    authCall(authFailures.verify, () =>
      api.post<ResendVerificationAnswer>('/api/resend_verification', { body }),
    ),
  login: (body: LoginBody) =>
    authCall(authFailures.login, () => api.post<SessionAnswer>('/api/login', { body })),
  forgot: (body: ForgotBody) =>
    authCall(authFailures.forgot, () => api.post<{ message: string }>('/api/forgot', { body })),
  resetPassword: (body: ResetPasswordBody) =>
    authCall(authFailures.forgot, () =>
      api.post<{ message: string }>('/api/reset_password', { body }),
    ),
  google: (credential: string) =>
    authCall(authFailures.login, () =>
      api.post<GoogleSignInAnswer>('/api/auth/google', { body: { credential } }),
    ),
  config: () => api.get<AuthConfigAnswer>('/api/auth/config'),
};
