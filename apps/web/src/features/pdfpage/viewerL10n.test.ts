/**
 * Our zh-CN translation of the stock pdf.js viewer covers every message (and every attribute) of
 * the English the viewer carries, so no English string shows in the Chinese UI (issue 18, item 8).
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const here = path.dirname(fileURLToPath(import.meta.url));

/** The en-US messages the viewer bundles as its fallback, as Fluent text. */
function bundledEnglish(): string {
  const element = path.dirname(createRequire(import.meta.url).resolve('pdfjs-viewer-element'));
  const code = readFileSync(path.join(element, 'viewer.mjs'), 'utf8');
  const at = code.indexOf('pdfjs-previous-button =');
  if (at < 0) throw new Error('the viewer no longer bundles its English messages here');
  const quote = code.lastIndexOf('`', at) > code.lastIndexOf('"', at) ? '`' : '"';
  const text = code.slice(code.lastIndexOf(quote, at) + 1, code.indexOf(quote, at));
  return text.replaceAll('\\n', '\n');
}

/** Message id -> its attribute names, from Fluent text (comments and variants skipped). */
function messages(ftl: string): Map<string, string[]> {
  const found = new Map<string, string[]>();
  let current: string[] | null = null;
  for (const line of ftl.split('\n')) {
    const id = /^(pdfjs-[a-z0-9-]+)\s*=/.exec(line);
    if (id?.[1]) {
      current = [];
      found.set(id[1], current);
      continue;
    }
    const attribute = /^\s+\.([a-z-]+)\s*=/.exec(line);
    if (attribute?.[1] && current) current.push(attribute[1]);
  }
  return found;
}

describe('the viewer in Chinese', () => {
  const english = messages(bundledEnglish());
  const chinese = messages(readFileSync(path.join(here, 'viewer-l10n/zh-CN.ftl'), 'utf8'));

  it('reads the English it compares with', () => {
    expect(english.size).toBeGreaterThan(300);
  });

  it('translates every message and attribute', () => {
    const missing = [...english].flatMap(([id, attributes]) => {
      const ours = chinese.get(id);
      if (!ours) return [id];
      return attributes.filter((a) => !ours.includes(a)).map((a) => `${id}.${a}`);
    });
    expect(missing).toEqual([]);
  });

  it('has no message twice and no English left in it', () => {
    const text = readFileSync(path.join(here, 'viewer-l10n/zh-CN.ftl'), 'utf8');
    const ids = [...text.matchAll(/^(pdfjs-[a-z0-9-]+)\s*=/gm)].map((m) => m[1]);
    expect(new Set(ids).size).toBe(ids.length);
    // A value with three or more English words in a row is an untranslated string.
    const english = text
      .split('\n')
      .filter((l) => !l.startsWith('#'))
      .filter((l) => /=\s*[A-Za-z]+ [A-Za-z]+ [A-Za-z]+/.test(l.replace(/\{[^}]*\}/g, '')));
    expect(english).toEqual([]);
  });
});
