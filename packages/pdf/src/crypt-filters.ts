/**
 * An encrypted file's crypt filters, kept for the update. @libpdf/core writes the /Encrypt
 * dictionary of an update anew from what it parsed, and it parses /CF only when it is a direct
 * dictionary: a file whose /CF is a reference (pdf.js's issue7665.pdf) came out with
 * /StmF /StdCF and no /CF, and poppler and qpdf then decrypted our appended objects with no known
 * filter (the stamp showed as garbage). The filters put back are the ones @libpdf/core encrypts
 * with (AES-256 for /V 5, AES-128 for /V 4 without a readable /CF), so that readers decrypt our
 * objects as they were written. Resolving the file's own /CF is no way: @libpdf/core would then
 * try to decrypt the /Encrypt dictionary itself, and says so on stderr.
 */
import type { PDF } from '@libpdf/core';

type Filters = NonNullable<
  NonNullable<PDF['context']['info']['securityHandler']>['encryption']['cryptFilters']
>;

export function keepCryptFilters(pdf: PDF): void {
  const encryption = pdf.context.info.securityHandler?.encryption;
  if (!encryption || encryption.version < 4 || (encryption.cryptFilters?.size ?? 0) > 0) return;
  const aes256 = encryption.revision >= 5;
  const filters: Filters = new Map();
  for (const name of [encryption.streamFilter, encryption.stringFilter]) {
    if (!name || name === 'Identity') continue;
    filters.set(name, {
      cfm: aes256 ? 'AESV3' : 'AESV2',
      authEvent: 'DocOpen',
      length: aes256 ? 32 : 16,
    });
  }
  if (filters.size > 0) encryption.cryptFilters = filters;
}
