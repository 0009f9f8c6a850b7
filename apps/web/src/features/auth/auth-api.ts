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
import { authCall } from '../../lib/auth-errors';

export const authApi = {
  register: (body: RegisterBody) =>
    authCall('REGISTER_FAILED', () => api.post<RegisterAnswer>('/api/register', { body })),
  verify: (body: SignupVerificationBody) =>
    authCall('VERIFY_FAILED', () =>
      api.post<SignupVerificationAnswer>('/api/signup_verification', { body }),
    ),
  resend: (body: ResendVerificationBody) =>
    authCall('VERIFY_FAILED', () =>
      api.post<ResendVerificationAnswer>('/api/resend_verification', { body }),
    ),
  login: (body: LoginBody) =>
    authCall('LOGIN_FAILED', () => api.post<SessionAnswer>('/api/login', { body })),
  forgot: (body: ForgotBody) =>
    authCall('FORGOT_FAILED', () => api.post<{ message: string }>('/api/forgot', { body })),
  resetPassword: (body: ResetPasswordBody) =>
    authCall('FORGOT_FAILED', () => api.post<{ message: string }>('/api/reset_password', { body })),
  google: (credential: string) =>
    authCall('LOGIN_FAILED', () =>
      api.post<GoogleSignInAnswer>('/api/auth/google', { body: { credential } }),
    ),
  config: () => api.get<AuthConfigAnswer>('/api/auth/config'),
};
