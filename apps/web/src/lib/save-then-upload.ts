/**
 * One image to change once the record it belongs to is saved: upload a new file, or remove the
 * stored one. It gets the record as saved so far (a new record's id exists only then) and answers
 * with the record as it stands afterwards.
 */
export interface ImageStep<Saved, Kind extends string> {
  kind: Kind;
  send: (saved: Saved) => Promise<Saved>;
}

/** An image that did not go through after its record saved. */
export interface ImageFailure<Kind extends string> {
  kind: Kind;
  /** The images that went through before this one; they need no second try. */
  done: readonly Kind[];
  message: string;
}

export interface SavedWithImages<Saved, Kind extends string> {
  /** The record as saved, with every image that went through. */
  saved: Saved;
  /** Null when every image went through. */
  imageFailure: ImageFailure<Kind> | null;
}

/**
 * Saves a record, then changes its images one at a time, in the order given. A failed save
 * rejects as it is. A failed image does not: the record is saved by then, so the answer carries
 * it with the failure, and the form can stay open on the saved record and offer the image again
 * rather than create the record twice. Later images wait for the next try, so that the farmer is
 * told of one failure at a time.
 */
export async function saveThenUpload<Saved, Kind extends string>(
  save: () => Promise<Saved>,
  images: readonly ImageStep<Saved, Kind>[],
): Promise<SavedWithImages<Saved, Kind>> {
  let saved = await save();
  const done: Kind[] = [];
  for (const image of images) {
    try {
      saved = await image.send(saved);
    } catch (error) {
      const message = error instanceof Error ? error.message : 'The image could not be saved';
      return { saved, imageFailure: { kind: image.kind, done, message } };
    }
    done.push(image.kind);
  }
  return { saved, imageFailure: null };
}
