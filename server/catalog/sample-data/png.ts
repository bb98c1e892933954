// A real PNG drawn in code (so the sample README has an image without shipping binaries): 8-bit RGB, one IDAT.
import { deflateSync } from 'node:zlib';

const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});

function crc32(bytes: Buffer): number {
  let c = 0xffffffff;
  for (const b of bytes) c = (crcTable[(c ^ b) & 0xff] as number) ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

const channel = (v: number) => Math.max(0, Math.min(255, Math.round(v)));

export type Pixel = (x: number, y: number) => [number, number, number];

export function encodePng(width: number, height: number, pixel: Pixel): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // colour type: RGB
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      const [r, g, b] = pixel(x, y);
      raw[row + 1 + x * 3] = channel(r);
      raw[row + 2 + x * 3] = channel(g);
      raw[row + 3 + x * 3] = channel(b);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A mountain lake at dusk: sky gradient, two ridges, water with ripples. */
export function lakePicture(width = 240, height = 120): Buffer {
  return encodePng(width, height, (x, y) => {
    const ridge = height * 0.45 + Math.sin(x / 23) * 10 + Math.sin(x / 7) * 3;
    const far = height * 0.38 + Math.cos(x / 31) * 8;
    const shore = height * 0.62;
    if (y >= shore) {
      const ripple = Math.sin((x + y * 3) / 5) * 8;
      return [20 + ripple, 70 + (y - shore) + ripple, 120 + (y - shore) * 1.2];
    }
    if (y >= ridge) return [34, 85 - (y - ridge), 48];
    if (y >= far) return [70, 96, 110];
    const t = y / far;
    return [250 - t * 110, 170 - t * 40, 120 + t * 110];
  });
}
