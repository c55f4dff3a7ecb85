// How a stored photo file is addressed: the formats kept, their extensions, the two variants and
// the public URL of each. Photos are part of a car (the API and pages show these URLs); the
// photos module downloads, stores and serves the files under these names.
export type ImageFormat = 'jpeg' | 'png' | 'webp';

/**
 * original and display (at most 1280 px wide) in the photo's own format; since P88 also narrower
 * copies (w480, w960: only those narrower than the display copy) in it, and every copy but the
 * original again in WebP (display.webp, w480.webp…) when the photo is not WebP already.
 * `logo` (P132): a dealership's logo, its one copy (logo.webp), under a file id of its own.
 */
export const VARIANTS = ['original', 'display', 'w480', 'w960', 'logo'] as const;
/** The narrower widths made (P88), by their variant. */
export const NARROW_WIDTHS = { w480: 480, w960: 960 } as const;
export type Variant = (typeof VARIANTS)[number];
export const EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** The public URL of a stored photo. */
export const photoUrl = (publicBaseUrl: string, fileId: string, variant: Variant, ext: string): string => `${publicBaseUrl}/photos/${fileId}/${variant}.${ext}`;

/** A dealership's logo (P132): `/photos/<id>/logo.webp`, the id a hash of the logo's bytes, so a new logo is a new URL. */
export const logoUrl = (publicBaseUrl: string, fileId: string): string => photoUrl(publicBaseUrl, fileId, 'logo', 'webp');
