import { COMMON_HELP, type Command, kb, str } from '../command';
import { InputError, UsageError } from '../errors';
import { aboutFile, readInput, writeOutput } from '../files';
import { required } from '../options';
import {
  PLACEMENT_OPTIONS,
  pageIndex,
  pastTheEnd,
  placementFlags,
  placementHelp,
  placeOnPage,
} from '../placement-options';

/** How long a timestamp authority may take; YINZHANG_TSA_TIMEOUT_MS overrides (tests, slow links). */
const TSA_TIMEOUT_MS = Number(process.env.YINZHANG_TSA_TIMEOUT_MS) || 15_000;

/** RFC 3161 over HTTP: POST the request, expect a timestamp reply. */
export function httpTimestamp(url: string): (request: Uint8Array) => Promise<Uint8Array> {
  return async (request) => {
    const res = await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/timestamp-query' },
      body: request,
      signal: AbortSignal.timeout(TSA_TIMEOUT_MS),
    }).catch((err: unknown) => {
      const e = err as Error;
      throw new Error(
        e.name === 'TimeoutError'
          ? `no answer in ${TSA_TIMEOUT_MS / 1000} s`
          : `${(e.cause as Error | undefined)?.message ?? e.message}`,
      );
    });
    if (!res.ok) throw new Error(`HTTP ${res.status}`);
    return new Uint8Array(await res.arrayBuffer());
  };
}

export const signCommand: Command = {
  name: 'sign',
  summary: 'sign a PDF (PAdES) with a .p12 certificate, the seal image as its visible mark',
  help: `yinzhang sign in.pdf --p12 cert.p12 [--p12-password P] --image seal.png --page N --x F --y F
               --width F|NUMmm [--rotate DEG] [--reason R] [--location L] [--tsa URL]
               [--password P] [--certify[=forms]] -o out.pdf

Adds a PAdES digital signature (baseline B-B; B-T with --tsa) whose visible mark is the seal
image, placed as \`yinzhang stamp\` places it. The signature is appended: earlier signatures stay
valid and an encrypted PDF stays encrypted. See docs/signatures.md.

  --p12 FILE          the certificate and private key (.p12 or .pfx; RSA 2048+ or EC P-256/P-384)
  --p12-password P    its password (default: empty)
  --image FILE        the seal shown where the signature is
${placementHelp('seal', 'sign')}
  --reason R          why you sign (shown by PDF readers)
  --location L        where you sign
  --tsa URL           an RFC 3161 timestamp authority: a trusted time for the signature (B-T)
  --password P        the password of an encrypted PDF (the output stays encrypted)
  --certify           a certification signature: no later changes allowed
  --certify=forms     a certification signature that allows form filling and more signatures
${COMMON_HELP}`,
  options: {
    p12: { type: 'string' },
    'p12-password': { type: 'string' },
    image: { type: 'string' },
    ...PLACEMENT_OPTIONS,
    reason: { type: 'string' },
    location: { type: 'string' },
    tsa: { type: 'string' },
    password: { type: 'string' },
    certify: { type: 'string' },
  },
  // `--certify` alone means no changes; parseArgs wants a value for a string flag.
  rewrite: (argv) => argv.map((a) => (a === '--certify' ? '--certify=no-changes' : a)),
  async run(args, report) {
    const output = required(str(args, 'output'), '--output');
    if (args.positionals.length !== 1) throw new UsageError('give exactly one input PDF');
    const input = args.positionals[0] as string;
    const p12Path = required(str(args, 'p12'), '--p12');
    const imagePath = required(str(args, 'image'), '--image');
    const index = pageIndex(required(str(args, 'page'), '--page'));
    const flags = placementFlags(args);
    const certifyText = str(args, 'certify');
    if (certifyText !== undefined && certifyText !== 'no-changes' && certifyText !== 'forms') {
      throw new UsageError(`--certify takes no value, or =forms (got ${certifyText})`);
    }
    const certify = certifyText as 'no-changes' | 'forms' | undefined;
    const tsa = str(args, 'tsa');
    if (tsa !== undefined && !/^https?:\/\//i.test(tsa)) {
      throw new UsageError(`--tsa needs an http:// or https:// address (got ${tsa})`);
    }
    const password = str(args, 'password');
    const { readPdfInfo, readP12, signPdf } = await import('@yinzhang/pdf');
    const { loadImage } = await import('../images');
    const [bytes, p12, image] = await Promise.all([
      readInput(input),
      readInput(p12Path),
      loadImage(imagePath, true),
    ]);
    const { key, warnings } = await aboutFile(
      p12Path,
      readP12(p12, str(args, 'p12-password') ?? ''),
    );
    for (const w of warnings) report.note(`warning: ${w}`);

    // The height follows the image's aspect on the page, as for `stamp`.
    const info = await aboutFile(input, readPdfInfo(bytes, password));
    const page = info.pages[index];
    if (!page) throw new InputError(pastTheEnd(index, input, info.pages.length));
    const placement = placeOnPage(flags, { index, page }, { id: 'seal', ...image });
    const out = await aboutFile(
      input,
      // The engine's own console output goes to the debug log (@yinzhang/pdf's engine log).
      signPdf(bytes, {
        key,
        appearance: { image: image.bytes, placement },
        reason: str(args, 'reason'),
        location: str(args, 'location'),
        certify,
        password,
        timestamp: tsa === undefined ? undefined : httpTimestamp(tsa),
      }),
    );
    await writeOutput(output, out);
    const level = tsa ? 'PAdES B-T' : 'PAdES B-B';
    report.note(`wrote ${output} (${level}${certify ? ', certified' : ''}, ${kb(out.length)})`);
  },
};
