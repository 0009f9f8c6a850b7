import { acceptedImageTypes, MAX_IMAGE_BYTES } from '@furrow/domain/images';
import { useCallback, useState } from 'react';
import { ApiError, clientErrorCodes, TOKEN_STORAGE_KEY, toErrorAnswer } from './api-client';

export interface UploadOptions {
  /** Called with 0..1 as the bytes go out. */
  onProgress?: (fraction: number) => void;
  signal?: AbortSignal;
}

/**
 * Sends one file as multipart/form-data (field `file`) and resolves with the JSON answer.
 * XMLHttpRequest rather than fetch: only it reports upload progress. Failures are the same
 * `ApiError` the JSON client throws.
 */
export function uploadFile<T>(path: string, file: Blob, options: UploadOptions = {}): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', path);
    xhr.setRequestHeader('Accept', 'application/json');
    const token = readToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) options.onProgress?.(event.loaded / event.total);
    };
    xhr.onload = () => {
      let body: unknown;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        body = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) {
        options.onProgress?.(1);
        resolve(body as T);
        return;
      }
      void toErrorAnswer(body, xhr.status).then((answer) =>
        reject(new ApiError(xhr.status, answer)),
      );
    };
    xhr.onerror = () =>
      reject(
        new ApiError(0, {
          code: clientErrorCodes.network,
          message: "We couldn't reach Furrow. Check your connection and try again.",
        }),
      );
    xhr.onabort = () => reject(new DOMException('The upload was cancelled', 'AbortError'));
    options.signal?.addEventListener('abort', () => xhr.abort(), { once: true });
    const form = new FormData();
    form.append('file', file);
    xhr.send(form);
  });
}

/** What file pickers offer: the accepted types, and their usual extensions for systems that go by name. */
export const imageAccept = [...acceptedImageTypes, '.jpg', '.jpeg', '.png', '.webp'].join(',');

/**
 * What the server would refuse anyway, said before the bytes go out and naming the file. The server
 * decides by decoding the content; this only looks at the declared type (or, when the system
 * declares none, the name's extension) and the size.
 */
export function checkImageFile(file: File): string | null {
  const declared = file.type
    ? (acceptedImageTypes as readonly string[]).includes(file.type)
    : /\.(jpe?g|png|webp)$/i.test(file.name);
  if (!declared) {
    return `${file.name} is not a JPEG, PNG or WebP image. Choose a photo in one of those formats.`;
  }
  if (file.size > MAX_IMAGE_BYTES) {
    return `${file.name} is larger than 5 MB. Choose a smaller photo.`;
  }
  return null;
}

/**
 * One image chosen to upload with a form, as an `ImagePicker` shows it: the file, what is wrong
 * with a file that was refused (checked as soon as it is chosen) or with the upload, and the
 * upload's progress. A refused file is never kept: the form keeps what it had, and says why.
 */
export function useImageChoice() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const choose = useCallback((next: File | null) => {
    const problem = next ? checkImageFile(next) : null;
    setError(problem);
    if (!problem) setFile(next);
  }, []);
  const clear = useCallback(() => {
    setFile(null);
    setError(null);
    setProgress(null);
  }, []);
  return { file, error, progress, choose, clear, setError, setProgress };
}

function readToken(): string | null {
  try {
    return localStorage.getItem(TOKEN_STORAGE_KEY);
  } catch {
    return null;
  }
}
