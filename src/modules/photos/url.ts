// How a stored photo file is addressed: the formats kept, their extensions, the two variants and
// the public URL of each. Photos are part of a car (the API and pages show these URLs); the
// photos module downloads, stores and serves the files under these names.
export type ImageFormat = 'jpeg' | 'png' | 'webp';

export const VARIANTS = ['original', 'display'] as const;
export type Variant = (typeof VARIANTS)[number];
export const EXTENSIONS: Record<ImageFormat, string> = { jpeg: 'jpg', png: 'png', webp: 'webp' };

/** The public URL of a stored photo. */
export const photoUrl = (publicBaseUrl: string, fileId: string, variant: Variant, ext: string): string => `${publicBaseUrl}/photos/${fileId}/${variant}.${ext}`;
