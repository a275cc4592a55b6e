import { parseArgs } from 'node:util';
import { type RunningServer, startServer } from './lib/server';
import { renderTable } from './lib/table';
import type { BenchContext, BenchOptions, BenchSection, BenchTable } from './lib/types';
import { cliSection } from './sections/cli';
import { corpusSection } from './sections/corpus';
import { extractSection } from './sections/extract';
import { parseSection } from './sections/parse';
import { pdfSection } from './sections/pdf';
import { pdfUpdateSection } from './sections/pdf-update';
import { signSection } from './sections/sign';
import { stampSection } from './sections/stamp';

/** Every benchmark area, in the order they run. Add new sections here. */
const SECTIONS: readonly BenchSection[] = [
  stampSection,
  extractSection,
  parseSection,
  pdfSection,
  pdfUpdateSection,
  signSection,
  cliSection,
  corpusSection,
];

const DEFAULT_DURATION_S = 10;
const DEFAULT_CONNECTIONS = 20;

const USAGE = `npm run bench [-- options]
  --only <name>        run one section (${SECTIONS.map((s) => s.name).join(', ')})
  --duration <s>       seconds per load case (default ${DEFAULT_DURATION_S})
  --connections <n>    concurrent HTTP connections (default ${DEFAULT_CONNECTIONS})
  --json               print the results as JSON after the tables`;

function positiveInt(value: string | undefined, fallback: number, flag: string): number {
  if (value === undefined) return fallback;
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new Error(`${flag} needs a positive integer`);
  return n;
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      only: { type: 'string' },
      duration: { type: 'string' },
      connections: { type: 'string' },
      json: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const options: BenchOptions = {
    durationS: positiveInt(values.duration, DEFAULT_DURATION_S, '--duration'),
    connections: positiveInt(values.connections, DEFAULT_CONNECTIONS, '--connections'),
  };
  const sections = SECTIONS.filter((s) => values.only === undefined || s.name === values.only);
  if (sections.length === 0) throw new Error(`no section named ${values.only}\n${USAGE}`);

  let server: Promise<RunningServer> | undefined;
  const ctx: BenchContext = {
    options,
    server: () => {
      server ??= startServer();
      return server;
    },
  };

  console.log(`node ${process.version}, ${process.platform}/${process.arch}`);
  const tables: BenchTable[] = [];
  try {
    for (const section of sections) {
      console.log(`\nrunning ${section.name}: ${section.description} ...`);
      const table = await section.run(ctx);
      tables.push(table);
      console.log(`\n${renderTable(table)}`);
    }
  } finally {
    if (server) await (await server).stop();
  }
  if (values.json) console.log(JSON.stringify(tables, null, 2));
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
