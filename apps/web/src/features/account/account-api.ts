import type {
  ProfileAnswer,
  ProfileSetupAnswer,
  ProfileSetupBody,
  UpdateMeAnswer,
  UpdateMeBody,
} from '@furrow/domain/api/users';
import { api } from '../../lib/api-client';
import { authCall } from '../../lib/auth-errors';

export const accountApi = {
  updateMe: (body: UpdateMeBody) =>
    authCall('UPDATE_USER_FAILED', () => api.patch<UpdateMeAnswer>('/api/me', { body })),
  changePassword: (body: { old_password: string; new_password: string }) =>
    authCall('UPDATE_USER_FAILED', () =>
      api.post<{ message: string }>('/api/reset_password', { body }),
    ),
  profile: () => api.get<ProfileAnswer>('/api/profile'),
  setUpProfile: (body: ProfileSetupBody) =>
    authCall('UPDATE_USER_FAILED', () => api.put<ProfileSetupAnswer>('/api/profile', { body })),
};
