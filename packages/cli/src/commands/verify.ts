import { type Command, str } from '../command';
import { EXIT, UnreadableError, UsageError } from '../errors';
import { readInput } from '../files';
import { language } from '../locale';
import { renderReports } from './verify-text';

export const verifyCommand: Command = {
  name: 'verify',
  summary: 'check the digital signatures of a PDF (exit 0: all intact)',
  help: `yinzhang verify in.pdf [--json] [--trust ca.pem] [--password P]

Checks every signature: the signed bytes are unchanged (intact), no revision follows it (whole
document), its certificate chain reaches a trust anchor you give (trusted), and says what changed
after each signature. Exit 0 when there is at least one signature and all are intact, 1 otherwise
(also when there are none), 2 when the file cannot be read.

  --json              print {"signatures":[{"field","signer","signedAt","signedAtSource","intact",
                      "wholeDocument","trusted","subFilter"}]}
  --trust FILE        a CA or self-signed certificate to trust (PEM or DER; repeat for several)
  --password P        the password of an encrypted PDF
  -h, --help          this help`,
  options: {
    json: { type: 'boolean', default: false },
    trust: { type: 'string', multiple: true },
    password: { type: 'string' },
  },
  async run(args) {
    if (args.positionals.length !== 1) throw new UsageError('give exactly one input PDF');
    const input = args.positionals[0] as string;
    const trustPaths = (args.values.trust as string[] | undefined) ?? [];
    const trust = await Promise.all(trustPaths.map(readInput));
    const bytes = await readInput(input).catch((err: unknown) => {
      throw new UnreadableError((err as Error).message);
    });
    const { verifyPdf } = await import('@yinzhang/pdf');
    let signatures: Awaited<ReturnType<typeof verifyPdf>>['signatures'];
    try {
      ({ signatures } = await verifyPdf(bytes, { trust, password: str(args, 'password') }));
    } catch (err) {
      const e = err as Error & { code?: string };
      if (e.code === 'BAD_CERTIFICATE') throw new UsageError(`--trust: ${e.message}`);
      throw new UnreadableError(`${input}: ${e.message}`);
    }
    if (args.values.json === true) {
      const json = signatures.map((s) => ({
        field: s.field,
        signer: s.signer,
        signedAt: s.signedAt,
        signedAtSource: s.signedAtSource,
        intact: s.intact,
        wholeDocument: s.wholeDocument,
        trusted: s.trusted,
        subFilter: s.subFilter,
      }));
      process.stdout.write(`${JSON.stringify({ signatures: json })}\n`);
    } else {
      process.stdout.write(renderReports(signatures, language()));
    }
    return signatures.length > 0 && signatures.every((s) => s.intact) ? EXIT.ok : EXIT.failed;
  },
};
