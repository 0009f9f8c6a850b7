import { ImagePlus, X } from 'lucide-react';
import { type ChangeEvent, useEffect, useId, useState } from 'react';
import { cn } from '../../lib/cn';
import { imageAccept } from '../../lib/upload';
import { Button } from './button';

interface ImagePickerProps {
  label: string;
  hint?: string;
  /** The image already stored, shown until another file is chosen. */
  currentUrl?: string | null;
  file: File | null;
  onFileChange: (file: File | null) => void;
  /** 0..1 while the file uploads; null or undefined otherwise. */
  progress?: number | null;
  error?: string | null;
  disabled?: boolean;
  accept?: string;
}

/**
 * A file input for one image with a preview of what was chosen and the upload's progress.
 * The real input stays in the page (visually hidden), so it works by keyboard and with a screen
 * reader, and the button-looking label opens it.
 */
export function ImagePicker({
  label,
  hint,
  currentUrl,
  file,
  onFileChange,
  progress,
  error,
  disabled,
  accept = imageAccept,
}: ImagePickerProps) {
  const inputId = useId();
  const hintId = useId();
  const errorId = useId();
  const preview = useObjectUrl(file) ?? currentUrl ?? null;

  function onChange(event: ChangeEvent<HTMLInputElement>) {
    const chosen = event.target.files?.[0] ?? null;
    // Cleared so that choosing the same file again still reports a change.
    event.target.value = '';
    if (chosen) onFileChange(chosen);
  }

  return (
    <div className="grid gap-2">
      <span className="font-medium text-ink text-sm">{label}</span>
      <div className="flex items-center gap-4">
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-xl border border-line bg-sunken">
          {preview ? (
            <img
              src={preview}
              alt={file ? `Preview of ${file.name}` : `Current ${label.toLowerCase()}`}
              className="size-full object-cover"
            />
          ) : (
            <ImagePlus aria-hidden className="size-8 text-ink-muted" />
          )}
        </div>
        <div className="grid min-w-0 gap-2">
          <div className="flex flex-wrap items-center gap-2">
            <input
              id={inputId}
              type="file"
              accept={accept}
              disabled={disabled}
              onChange={onChange}
              aria-label={`${preview ? 'Choose another' : 'Choose a photo'} (${label.toLowerCase()})`}
              aria-describedby={cn(hint && hintId, error && errorId) || undefined}
              aria-invalid={error ? true : undefined}
              className="peer sr-only"
            />
            <label
              htmlFor={inputId}
              className={cn(
                'inline-flex h-10 cursor-pointer items-center gap-2 rounded-lg border border-line-strong bg-surface px-4 font-medium text-ink text-sm hover:bg-sunken',
                'peer-focus-visible:outline-3 peer-focus-visible:outline-harvest peer-focus-visible:outline-offset-2',
                disabled && 'pointer-events-none opacity-50',
              )}
            >
              <ImagePlus aria-hidden className="size-4" />
              {preview ? 'Choose another' : 'Choose a photo'}
            </label>
            {file && !disabled && (
              <Button variant="ghost" size="sm" onClick={() => onFileChange(null)}>
                <X aria-hidden className="size-4" />
                Don't use this photo
              </Button>
            )}
          </div>
          {file && <p className="truncate text-ink-muted text-sm">{file.name}</p>}
          {hint && (
            <p id={hintId} className="text-ink-muted text-sm">
              {hint}
            </p>
          )}
        </div>
      </div>
      {progress !== null && progress !== undefined && (
        <div
          role="progressbar"
          aria-label={`Uploading ${label.toLowerCase()}`}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={Math.round(progress * 100)}
          className="h-2 overflow-hidden rounded-full bg-sunken"
        >
          <div
            className="h-full rounded-full bg-leaf transition-[width]"
            style={{ width: `${Math.round(progress * 100)}%` }}
          />
        </div>
      )}
      {error && (
        <p id={errorId} role="alert" className="text-danger text-sm">
          {error}
        </p>
      )}
    </div>
  );
}

function useObjectUrl(file: File | null): string | null {
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!file) {
      setUrl(null);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}
