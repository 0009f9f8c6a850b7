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

/**
 * What the server would refuse anyway, said before the bytes go out. The server decides by
 * decoding the content; this only looks at the declared type and the size.
 */
export function checkImageFile(file: File): string | null {
  if (!(acceptedImageTypes as readonly string[]).includes(file.type)) {
    return 'Choose a JPEG, PNG or WebP image.';
  }
  if (file.size > MAX_IMAGE_BYTES) return 'Images may be at most 5 MB.';
  return null;
}

/**
 * One image chosen to upload with a form, as an `ImagePicker` shows it: the file, what is wrong
 * with it (checked as soon as it is chosen) or with its upload, and the upload's progress.
 */
export function useImageChoice() {
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const choose = useCallback((next: File | null) => {
    setError(next ? checkImageFile(next) : null);
    setFile(next);
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
