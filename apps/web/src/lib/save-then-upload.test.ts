import { describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-client';
import { saveThenUpload } from './save-then-upload';

interface Farm {
  id: string;
  logo: string | null;
  photo: string | null;
}

const saved: Farm = { id: 'farm-1', logo: null, photo: null };
const refused = new ApiError(413, {
  code: 'IMAGE_TOO_LARGE',
  message: 'Images may be at most 5 MB',
});

describe('saveThenUpload', () => {
  it('sends each image in turn to the record as saved so far', async () => {
    const result = await saveThenUpload(
      () => Promise.resolve(saved),
      [
        { kind: 'photo', send: (farm) => Promise.resolve({ ...farm, photo: `${farm.id}.jpg` }) },
        { kind: 'logo', send: (farm) => Promise.resolve({ ...farm, logo: `${farm.id}.png` }) },
      ],
    );
    expect(result).toEqual({
      saved: { id: 'farm-1', photo: 'farm-1.jpg', logo: 'farm-1.png' },
      imageFailure: null,
    });
  });

  it('answers with the saved record and the failed image, and leaves later images for a retry', async () => {
    const later = vi.fn((farm: Farm) => Promise.resolve(farm));
    const result = await saveThenUpload(
      () => Promise.resolve(saved),
      [
        { kind: 'photo', send: (farm) => Promise.resolve({ ...farm, photo: 'p.jpg' }) },
        { kind: 'logo', send: () => Promise.reject(refused) },
        { kind: 'banner', send: later },
      ],
    );
    expect(result).toEqual({
      saved: { id: 'farm-1', photo: 'p.jpg', logo: null },
      imageFailure: { kind: 'logo', done: ['photo'], message: 'Images may be at most 5 MB' },
    });
    expect(later).not.toHaveBeenCalled();
  });

  it('rejects when the record itself is not saved, and sends no image', async () => {
    const send = vi.fn((farm: Farm) => Promise.resolve(farm));
    await expect(
      saveThenUpload(() => Promise.reject(refused), [{ kind: 'logo', send }]),
    ).rejects.toBe(refused);
    expect(send).not.toHaveBeenCalled();
  });
});
