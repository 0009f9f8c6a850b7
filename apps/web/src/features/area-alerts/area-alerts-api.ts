import type { AreaAlertAnswer, AreaAlertBody } from '@furrow/domain/api/area-alerts';
import { api } from '../../lib/api-client';

/** `POST /api/area-alerts`: e-mail me once when a farm opens near this place. */
export function signUpForAreaAlert(body: AreaAlertBody): Promise<AreaAlertAnswer> {
  return api.post<AreaAlertAnswer>('/api/area-alerts', { body });
}
