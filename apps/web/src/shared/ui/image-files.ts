/** Pictures a browser can decode everywhere; HEIC and the like are refused up front. */
export const AVATAR_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const MARK_UPLOAD_TYPES = ['image/png', 'image/jpeg'] as const;
/** The picked file is only read here (the saved picture is re-encoded, well under the 2 MB limit). */
export const MAX_SOURCE_BYTES = 15 * 1024 * 1024;
/** The server's limit of a saved picture: 2 MB, about 2.7 MB as a base64 data URL. */
export const MAX_DATA_URL_LENGTH = Math.floor(2 * 1024 * 1024 * (4 / 3)) + 64;

/** Why a picked file cannot be used, or null when it can. */
export function checkImageFile(file: File, types: readonly string[]): string | null {
  if (!types.includes(file.type)) {
    const names = types.map((type) => type.replace('image/', '').toUpperCase()).join(', ');
    return `Choose a ${names} image`;
  }
  if (file.size > MAX_SOURCE_BYTES) return 'Choose an image of at most 15 MB';
  return null;
}

/** Decodes a picked image file. */
export function loadImageFile(file: Blob): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const url = URL.createObjectURL(file);
    const image = new Image();
    image.onload = () => {
      URL.revokeObjectURL(url);
      resolve(image);
    };
    image.onerror = () => {
      URL.revokeObjectURL(url);
      reject(new Error('This image could not be read. Try another file.'));
    };
    image.src = url;
  });
}

/** A 2D context, or an error the screen can show (very old browsers, some privacy modes). */
export function context2d(canvas: HTMLCanvasElement): CanvasRenderingContext2D {
  const context = canvas.getContext('2d');
  if (!context) throw new Error('Your browser cannot draw pictures here. Try another browser.');
  return context;
}
