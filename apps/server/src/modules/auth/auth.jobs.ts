import type { Worker } from '../../jobs/worker';
import {
  type AuthDeps,
  codeRequested,
  resetRequested,
  sendCodeIfWaiting,
  sendResetLink,
} from './auth.service';

/** The account jobs: each looks the address up after the answer, so no answer tells who has one. */
export function registerAuthJobs(worker: Worker, deps: AuthDeps): void {
  worker.handle(codeRequested, ({ email }) => sendCodeIfWaiting(deps, email));
  worker.handle(resetRequested, ({ email }) => sendResetLink(deps, email));
}
