/**
 * An image field (product §5: image files only) with a preview. The chosen file
 * is prepared on the client — downscaled to ≤ 1600 px and, for covers, cropped
 * to the card's shape with an adjustable vertical position — so what is queued
 * is small and looks like the preview.
 */
import { useRef, useState } from 'react';
import { isImageFile, prepareImage, type PrepareOptions } from '../lib/images.ts';
import { Field } from './ui/field.tsx';
import { useObjectUrl } from './use-object-url.ts';

export const NOT_AN_IMAGE = 'Please choose an image file (JPEG, PNG, WebP or GIF).';

interface ImagePickerProps {
  label: 'Cover image' | 'Profile image';
  /** The image already on the server, if any. */
  currentUrl?: string | null;
  /** A prepared image waiting to be saved. */
  value: Blob | null;
  onChange: (image: Blob | null) => void;
  /** Crop to this aspect ratio (covers); the user can move the crop up or down. */
  aspect?: number;
  round?: boolean;
}

export function ImagePicker({ label, currentUrl, value, onChange, aspect, round }: ImagePickerProps) {
  const [error, setError] = useState<string | null>(null);
  const [original, setOriginal] = useState<Blob | null>(null);
  const [focusY, setFocusY] = useState(50);
  const input = useRef<HTMLInputElement>(null);
  const preview = useObjectUrl(value) ?? currentUrl ?? null;

  async function prepare(file: Blob, focus: number) {
    const options: PrepareOptions = aspect ? { aspect, focusY: focus / 100 } : {};
    onChange(await prepareImage(file, options));
  }

  async function onPick(file: File | undefined) {
    if (!file) return;
    if (!isImageFile(file)) {
      setError(NOT_AN_IMAGE);
      if (input.current) input.current.value = '';
      return;
    }
    setError(null);
    setOriginal(file);
    setFocusY(50);
    await prepare(file, 50);
  }

  return (
    <div className="image-picker">
      <Field label={label} error={error} hint={aspect ? 'Cropped to the card’s shape; adjust below.' : undefined}>
        {(control) => (
          <input
            {...control}
            ref={input}
            type="file"
            accept="image/*"
            onChange={(event) => void onPick(event.target.files?.[0])}
          />
        )}
      </Field>
      {preview ? (
        <div className={round ? 'image-picker__preview image-picker__preview--round' : 'image-picker__preview'}>
          <img src={preview} alt={`${label} preview`} />
        </div>
      ) : round ? (
        <div
          className="image-picker__preview image-picker__preview--round image-picker__preview--empty"
          aria-hidden="true"
        >
          <svg width="100%" height="100%" viewBox="0 0 48 48">
            <circle cx="24" cy="18" r="9" fill="currentColor" />
            <path d="M6 44c2-10 9-15 18-15s16 5 18 15" fill="currentColor" />
          </svg>
        </div>
      ) : null}
      {aspect && original ? (
        <label className="image-picker__crop">
          <span>Crop position</span>
          <input
            type="range"
            min={0}
            max={100}
            step={5}
            value={focusY}
            onChange={(event) => {
              const next = Number(event.target.value);
              setFocusY(next);
              void prepare(original, next);
            }}
          />
        </label>
      ) : null}
      {value ? (
        <button
          type="button"
          className="button button--small button--quiet"
          onClick={() => {
            setOriginal(null);
            if (input.current) input.current.value = '';
            onChange(null);
          }}
        >
          Undo image change
        </button>
      ) : null}
    </div>
  );
}
