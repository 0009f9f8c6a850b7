import type { Farmer, FarmerImageKind, UpdateFarmerBody } from '@furrow/domain/api/farmers';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../lib/api-client';
import { uploadFile } from '../../lib/upload';

type FarmerEnvelope = { farmer: Farmer };
type FarmerMessage = { message: string; farmer: Farmer };

/** Query keys of farmer profiles; a change to one's own profile invalidates `['farmers']`. */
export const farmerKeys = {
  all: ['farmers'] as const,
  me: () => ['farmers', 'me'] as const,
  one: (id: string) => ['farmers', id] as const,
};

/** The signed-in farmer's own profile, with the fields only they see. */
export function useMyFarmerProfile() {
  return useQuery({
    queryKey: farmerKeys.me(),
    queryFn: ({ signal }) =>
      api.get<FarmerEnvelope>('/api/farmers/me', { signal }).then((answer) => answer.farmer),
  });
}

/** A farmer's public profile. */
export function useFarmer(id: string) {
  return useQuery({
    queryKey: farmerKeys.one(id),
    queryFn: ({ signal }) =>
      api.get<FarmerEnvelope>(`/api/farmers/${id}`, { signal }).then((answer) => answer.farmer),
  });
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
 * not, the error names the image and carries the profile as saved, so the form can stay open on it.
 */
export function useSaveFarmerProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ body, images, onImageProgress }: SaveFarmerProfileInput) => {
      const saved = await api.patch<FarmerMessage>('/api/farmers/me', { body });
      let farmer = saved.farmer;
      const done: FarmerImageKind[] = [];
      for (const kind of farmerImageOrder) {
        const change = images[kind];
        if (!change) continue;
        try {
          const answer =
            change === 'remove'
              ? await api.delete<FarmerMessage>(`/api/farmers/me/images/${kind}`)
              : await uploadFile<FarmerMessage>(`/api/farmers/me/images/${kind}`, change, {
                  onProgress: (fraction) => onImageProgress?.(kind, fraction),
                });
          farmer = answer.farmer;
          done.push(kind);
        } catch (error) {
          throw new FarmerImageError(kind, farmer, done, error);
        }
      }
      return { message: saved.message, farmer };
    },
    onSuccess: ({ farmer }) => queryClient.setQueryData(farmerKeys.me(), farmer),
    onError: (error) => {
      if (error instanceof FarmerImageError)
        queryClient.setQueryData(farmerKeys.me(), error.farmer);
    },
    onSettled: () => queryClient.invalidateQueries({ queryKey: farmerKeys.all }),
  });
}

export class FarmerImageError extends Error {
  readonly kind: FarmerImageKind;
  readonly farmer: Farmer;
  /** The images changed before this one failed; they need no second try. */
  readonly done: readonly FarmerImageKind[];
  constructor(kind: FarmerImageKind, farmer: Farmer, done: FarmerImageKind[], cause: unknown) {
    super(
      cause instanceof Error
        ? cause.message
        : `The ${kind === 'logo' ? 'logo' : 'photo'} could not be saved`,
    );
    this.name = 'FarmerImageError';
    this.kind = kind;
    this.farmer = farmer;
    this.done = done;
  }
}
