export { createAdmin } from './admin-accounts';
export { registerAuthJobs } from './auth.jobs';
export { authRoutes } from './auth.routes';
export { createRateGate, rateRules } from './rate-limits';
export { findSessionUser, type SessionUser } from './sessions';
export { signSessionToken } from './tokens';
