/**
 * SVG export in the browser: the seal package's vector export (fontkit, loaded only here) fed with
 * the font files the page's own @font-face rules name, so the outlines are the drawn glyphs.
 */
import { planSeal, SEAL_CANVAS_PX, type SealDesign, sealImageMm } from '@yinzhang/seal';
import { type FontSource, parseUnicodeRange, sealSvg } from '@yinzhang/seal/svg';
import type { SealInput } from '../../../api/seal';
import { designInput } from '../../../seal/renderDesigned';

const FAMILIES: Record<string, 'seal' | 'code'> = { 'Noto Serif SC': 'seal', Arimo: 'code' };

/** Every @font-face of the seal families in the page's stylesheets, as font sources. */
export function pageFontSources(): FontSource[] {
  const out: FontSource[] = [];
  for (const sheet of Array.from(document.styleSheets)) {
    let rules: CSSRuleList;
    try {
      rules = sheet.cssRules;
    } catch {
      continue;
    }
    for (const rule of Array.from(rules)) {
      if (!(rule instanceof CSSFontFaceRule)) continue;
      const family = rule.style.getPropertyValue('font-family').replace(/["']/g, '').trim();
      const font = FAMILIES[family];
      if (!font || !rule.style.getPropertyValue('font-weight').includes('700')) continue;
      const url = /url\(\s*["']?([^"')]+\.woff2)/.exec(rule.style.getPropertyValue('src'));
      if (!url) continue;
      const href = new URL(url[1] as string, sheet.href ?? document.baseURI).href;
      const range = rule.style.getPropertyValue('unicode-range');
      out.push({
        font,
        ranges: range ? parseUnicodeRange(range) : null,
        load: async () => {
          const res = await fetch(href);
          if (!res.ok) throw new Error(`font ${href}: HTTP ${res.status}`);
          return new Uint8Array(await res.arrayBuffer());
        },
      });
    }
  }
  return out;
}

/** The seal as an SVG document whose text is paths, sized in mm for print. */
export async function designedSvg(input: SealInput, design: SealDesign): Promise<Blob> {
  // The stylesheets that name the font files arrive with the drawing module.
  await import('../../../seal/renderDesigned');
  const plan = planSeal(designInput(input, design), design, SEAL_CANVAS_PX);
  const svg = await sealSvg(
    plan,
    design,
    pageFontSources(),
    sealImageMm(Math.max(design.widthMm, design.heightMm)),
  );
  return new Blob([svg], { type: 'image/svg+xml' });
}
