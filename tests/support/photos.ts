/*
 * Camera-sized photos for content-image tests, drawn with sharp (the backend's own resizer): large
 * enough that every variant is made, with a picture in them rather than one flat colour.
 */
import { crc32 } from "node:zlib";
import sharp from "sharp";

/** What a picture of `width`×`height` shows: sky, a hill, and a dark square in the top-left corner (which says where "up" is). */
function scene(width: number, height: number) {
  const mark = Math.round(Math.min(width, height) / 5);
  return Buffer.from(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
       <defs><linearGradient id="sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="#1565c0"/><stop offset="1" stop-color="#e3f2fd"/></linearGradient></defs>
       <rect width="100%" height="100%" fill="url(#sky)"/>
       <ellipse cx="${width / 2}" cy="${height}" rx="${width * 0.7}" ry="${height * 0.45}" fill="#2e7d32"/>
       <rect x="0" y="0" width="${mark}" height="${mark}" fill="#111"/>
     </svg>`,
  );
}

/**
 * A JPEG photo, 4000×3000 unless told otherwise. With `orientation` (EXIF 1–8) the pixels are stored
 * as given and the tag says how to turn them, as a phone held upright writes them (6: turn 90° clockwise).
 */
export async function photoJpeg({ width = 4000, height = 3000, orientation }: { width?: number; height?: number; orientation?: number } = {}) {
  const picture = sharp(scene(width, height)).jpeg({ quality: 85 });
  return (orientation ? picture.withMetadata({ orientation }) : picture).toBuffer();
}

/** Written into `gpsPhotoJpeg`'s EXIF: found in a stored file, it says the sender's metadata was kept. */
export const EXIF_MARKER = "Phone-of-Ayse-Yilmaz-7f3a";

/**
 * A phone's photo as it leaves the phone: EXIF with the owner's name (EXIF_MARKER), the camera, a
 * GPS position (Istanbul), and orientation 6 (stored on its side; upright it is `height`×`width`).
 */
export function gpsPhotoJpeg({ width = 1200, height = 900 }: { width?: number; height?: number } = {}) {
  return sharp(scene(width, height))
    .jpeg({ quality: 85 })
    .withExif({
      IFD0: { Artist: EXIF_MARKER, Make: "Phone", Model: "Phone 15" },
      IFD3: { GPSLatitudeRef: "N", GPSLatitude: "41/1 0/1 3600/100", GPSLongitudeRef: "E", GPSLongitude: "28/1 58/1 3000/100" },
    })
    .withMetadata({ orientation: 6 })
    .toBuffer();
}

/** The same scene as a PNG. */
export const photoPng = ({ width = 1000, height = 750 }: { width?: number; height?: number } = {}) => sharp(scene(width, height)).png().toBuffer();

/**
 * A decompression bomb: a valid PNG header declaring `side`×`side` pixels (50,000² by default, 2.5
 * gigapixels), followed by a few bytes of image data. Small to send, ruinous to decode in full.
 */
export function pngBomb(side = 50_000): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB, deflate, no filter method, no interlace
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", Buffer.from([0x78, 0x9c, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01])),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}
