import type { Farmer, FarmerImageKind, UpdateFarmerBody } from '@furrow/domain/api/farmers';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { farmerKeys, farmKeys } from '../../lib/query-keys';
import { saveThenUpload } from '../../lib/save-then-upload';
import { uploadFile } from '../../lib/upload';

type FarmerEnvelope = { farmer: Farmer };
type FarmerMessage = { message: string; farmer: Farmer };

/** The signed-in farmer's own profile, with the fields only they see. */
export const myFarmerProfileQuery = queryOptions({
  queryKey: farmerKeys.me(),
  queryFn: ({ signal }) =>
    api.get<FarmerEnvelope>('/api/farmers/me', { signal }).then((answer) => answer.farmer),
});

export function useMyFarmerProfile() {
  return useQuery(myFarmerProfileQuery);
}

/** What to do with one image on save: upload a new file, or remove the stored one. */
export type ImageChange = File | 'remove';

export interface SaveFarmerProfileInput {
  body: UpdateFarmerBody;
  images: Partial<Record<FarmerImageKind, ImageChange>>;
  onImageProgress?: (kind: FarmerImageKind, fraction: number) => void;
}

/** The photo first: it is what shoppers see most, so it goes through even if the logo fails. */
export const farmerImageOrder = ['profile', 'logo'] as const satisfies readonly FarmerImageKind[];

/**
 * Saves the profile's text, then each changed image in turn. When the text saved but an image did
 * not, the answer carries the profile as saved with `imageFailure` naming the image, so the form
 * can stay open on it.
 */
export function useSaveFarmerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, images, onImageProgress }: SaveFarmerProfileInput) => {
      const { saved, imageFailure } = await saveThenUpload(
        () => api.patch<FarmerMessage>('/api/farmers/me', { body }),
        farmerImageOrder.flatMap((kind) => {
          const change = images[kind];
          if (!change) return [];
          const path = `/api/farmers/me/images/${kind}`;
          // The text's message ("Profile updated") is the one to show; images only change the farmer.
          const send = (current: FarmerMessage) =>
            (change === 'remove'
              ? api.delete<FarmerMessage>(path)
              : uploadFile<FarmerMessage>(path, change, {
                  onProgress: (fraction) => onImageProgress?.(kind, fraction),
                })
            ).then((answer) => ({ ...current, farmer: answer.farmer }));
          return [{ kind, send }];
        }),
      );
      return { ...saved, imageFailure };
    },
    onSuccess: ({ farmer }) => queryClient.setQueryData(farmerKeys.me(), farmer),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: farmerKeys.all }),
        // A farm's page carries its farmer ("Meet the farmer").
        queryClient.invalidateQueries({ queryKey: farmKeys.all }),
      ]),
  });
}
