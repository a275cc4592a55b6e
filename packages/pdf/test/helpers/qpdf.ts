/** qpdf as the outside reader of what we write: every object of a file, and object streams. */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { tempFile } from './raster';

/** One object as qpdf's JSON shows it: a value, or a stream's dictionary. */
export interface QpdfObject {
  readonly ref: string;
  /** Names as '/Name', references as 'n g R', numbers as numbers. */
  readonly dict: Readonly<Record<string, unknown>> | undefined;
  readonly isStream: boolean;
}

/** Every object of the file (objects in object streams included), as qpdf reads them. */
export function qpdfObjects(pdf: Uint8Array): QpdfObject[] {
  const json = execFileSync('qpdf', ['--json', '--json-key=qpdf', tempFile(pdf)], {
    encoding: 'utf8',
    maxBuffer: 1 << 30,
  });
  const objects = JSON.parse(json).qpdf[1] as Record<
    string,
    { value?: unknown; stream?: { dict: unknown } }
  >;
  return Object.entries(objects)
    .filter(([key]) => key.startsWith('obj:'))
    .map(([key, o]) => {
      const dict = o.stream ? o.stream.dict : o.value;
      return {
        ref: key.slice(4),
        dict:
          dict && typeof dict === 'object' && !Array.isArray(dict)
            ? (dict as Record<string, unknown>)
            : undefined,
        isStream: o.stream !== undefined,
      };
    });
}

/** Image XObjects: streams with /Subtype /Image. */
export const qpdfImages = (pdf: Uint8Array) =>
  qpdfObjects(pdf).filter((o) => o.isStream && o.dict?.['/Subtype'] === '/Image');

/** The same file with object streams and a cross-reference stream, as many writers save. */
export function withObjectStreams(pdf: Uint8Array): Uint8Array {
  const out = tempFile(new Uint8Array());
  execFileSync('qpdf', ['--object-streams=generate', tempFile(pdf), out]);
  return readFileSync(out);
}
