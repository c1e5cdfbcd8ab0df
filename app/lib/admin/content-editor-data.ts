import type { ContentStatus } from "~/lib/platform/api/content-contract";

/*
 * What the content editor's loader and action hand its components (components/admin/content-*.tsx):
 * made on the server, shown by the editor.
 */

/** A choice of a select field. */
export interface Option {
  value: string;
  label: string;
}

/** The image an item has now. */
export interface CurrentImage {
  /** The uploaded image the item has (its id), or null. */
  imageId: string | null;
  /** What to show for it: a small variant of the upload, or the seeded artwork. */
  src: string | null;
}

/** One language of the item, in the strip above the fieldsets. */
export interface LanguageState {
  /** null: the item is not saved yet, or (an item with an id) its state cannot be read now, the API not answering. */
  status: ContentStatus | null;
  /** Required fields still empty (shared ones and the image included), as the API counts them. */
  missing: string[];
}

/** The newest version, named when a save came second: who saved it, when, and where to read it. */
export interface Conflict {
  id: number;
  author: string | null;
  /** On the clinic's clock, in the staff member's language. */
  when: string;
}
