// Uploads as multipart/form-data: the file is the part with a given field name, handed out as its bytes arrive, so
// a large upload never sits in memory. A body that ends before the part's closing boundary fails, so a truncated
// upload is never stored as if complete.
//
// The parts are split by Dicer, the streaming parser of @fastify/busboy. Busboy's own layer on top is not used: it
// rewrites a part's Content-Type (lower-cased, parameters dropped, `text/plain` when absent), while lakeFS stores
// the type as sent, and `application/octet-stream` when there is none.
import type { Readable } from 'node:stream';
import { Dicer } from '@fastify/busboy';
import { badRequest } from '../errors';

export interface FilePart {
  contentType: string;
  filename?: string;
  body: AsyncIterable<Uint8Array>;
}

const maxHeaderBytes = 16 * 1024;
const maxHeaderPairs = 100;
const maxBoundaryLength = 200;

export function multipartBoundary(contentType: string): string | undefined {
  const match = /;\s*boundary=(?:"([^"]+)"|([^;\s]+))/i.exec(contentType);
  const boundary = match?.[1] ?? match?.[2];
  return boundary && boundary.length <= maxBoundaryLength ? boundary : undefined;
}

/** Dicer's part headers: lower-cased names, each with its values as latin1 strings of the raw bytes. */
type PartHeader = Record<string, string[] | undefined>;

function headerValue(header: PartHeader, name: string): string | undefined {
  const raw = header[name]?.[0];
  return raw === undefined ? undefined : Buffer.from(raw, 'latin1').toString('utf8').trim();
}

function describePart(header: PartHeader): { name?: string; filename?: string; contentType: string } {
  const disposition = headerValue(header, 'content-disposition') ?? '';
  const name = /;\s*name="([^"]*)"/i.exec(disposition)?.[1] ?? /;\s*name=([^;\s]+)/i.exec(disposition)?.[1];
  const filename = /;\s*filename="([^"]*)"/i.exec(disposition)?.[1];
  const contentType = headerValue(header, 'content-type') || 'application/octet-stream';
  return { ...(name !== undefined ? { name } : {}), ...(filename !== undefined ? { filename } : {}), contentType };
}

const truncated = () => badRequest('invalid multipart body: it ended before the closing boundary');

/**
 * Finds the part called `field`. Its `body` must be read to the end before `finish()` is called, which reads
 * (and discards) whatever follows.
 */
export function readFilePart(
  source: AsyncIterable<Uint8Array>,
  boundary: string,
  field: string,
): Promise<{ part: FilePart; finish: () => Promise<void> }> {
  // maxHeaderSize is honoured by Dicer but missing from its type definitions.
  const parser = new Dicer({ boundary, maxHeaderPairs, maxHeaderSize: maxHeaderBytes } as Dicer.Config);
  let wanted: Readable | undefined;
  /** The request body's own failure (a client that hung up): reported as it is, not as a malformed body. */
  let sourceError: unknown;

  async function* partBytes(part: Readable, failure: () => unknown): AsyncGenerator<Uint8Array> {
    try {
      for await (const chunk of part) yield chunk as Buffer;
    } catch (err) {
      throw err === sourceError ? err : truncated();
    }
    // A part fails by an error event, then ends: one that failed before its reader began (the store was still
    // opening a file) ends normally for the reader, so the error is remembered and thrown here.
    const missed = failure();
    if (missed !== undefined) throw missed === sourceError ? missed : truncated();
  }

  // Dicer's 'finish' comes once the closing boundary is parsed and every part read (or after its 'error'). When the
  // write that brought that boundary also filled the last part's buffer, Dicer never completes that write, so no
  // 'drain' follows: the feed must stop waiting then, and drop the epilogue that may follow.
  let parsed = false;
  const settle = () => {
    parsed = true;
  };
  parser.once('finish', settle);
  parser.once('error', settle);
  // Registered after `settle`, so `parsed` is already set when the parser's end wakes the feed; each wait leaves no
  // listener behind, however many writes an upload waits on.
  const drainedOrParsed = () =>
    new Promise<void>((go) => {
      if (parsed) return go();
      const wake = () => {
        parser.off('drain', wake);
        parser.off('finish', wake);
        parser.off('error', wake);
        go();
      };
      parser.on('drain', wake);
      parser.on('finish', wake);
      parser.on('error', wake);
    });

  return new Promise((resolve, reject) => {
    async function feed(): Promise<void> {
      try {
        for await (const chunk of source) {
          if (parsed) continue;
          if (!parser.write(chunk)) await drainedOrParsed();
        }
        if (!parsed) parser.end();
      } catch (err) {
        sourceError = err;
        if (wanted) wanted.destroy(err as Error);
        else reject(err);
      }
    }
    const fed = feed();

    parser.on('part', (part) => {
      // A part's failure reaches whoever reads it through its iterator; unread parts must not crash the process.
      let failed: unknown;
      part.on('error', (err) => {
        failed = err;
      });
      part.once('header', (header: PartHeader) => {
        const info = describePart(header);
        if (wanted || info.name !== field) {
          part.resume();
          return;
        }
        wanted = part;
        resolve({
          part: {
            contentType: info.contentType,
            ...(info.filename !== undefined ? { filename: info.filename } : {}),
            body: partBytes(part, () => failed),
          },
          finish: async () => {
            await fed;
            if (sourceError !== undefined) throw sourceError;
          },
        });
      });
    });
    // Once the wanted part was found, its own stream reports a body cut short; a missing part is reported here.
    parser.on('error', () => reject(truncated()));
    parser.on('finish', () => reject(badRequest(`invalid multipart body: no "${field}" part`)));
  });
}
