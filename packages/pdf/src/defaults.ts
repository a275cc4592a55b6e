/**
 * Defaults that screens and the command line show before any PDF work starts. Kept free of
 * imports so that showing them does not load the PDF engine (`@yinzhang/pdf/defaults`).
 */
import type { Mm } from './units';

/** DESIGN §5: the round official seal is 42 mm across. */
export const DEFAULT_SEAL_MM = 42 as Mm;
/** Beyond this many pages a strip gets too thin to recognise its piece of the seal. */
export const DEFAULT_MAX_PAGES_PER_SEAL = 20;
