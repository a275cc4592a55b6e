import type zhCN from './trust.zh-CN';

/** What a PDF holds and what writing keeps (issue 14), English. */
export default {
  trust: {
    panel: 'Signatures and permissions of this PDF',
    removePassword: 'Remove password',
    removePasswordHint:
      'By default the password stays: the new PDF opens with the same password. Ticked, the new PDF has no password.',
    signatures_one:
      'This PDF carries {{count}} digital signature. The stamp is appended to the file (an incremental update), so the signature stays valid; readers show “the document was changed after signing”.',
    signatures_other:
      'This PDF carries {{count}} digital signatures. The stamp is appended to the file (an incremental update), so the signatures stay valid; readers show “the document was changed after signing”.',
    certified:
      'This PDF has a certification signature that allows no changes, so it cannot be stamped.',
    restricted:
      'The permissions of this PDF forbid changes. Give its owner password, or confirm that you want to stamp it anyway.',
    ownerPassword: 'Owner password',
    useOwner: 'Use owner password',
    ownerWrong: 'That is not the owner password of this PDF.',
    ownerOk: 'The owner password lifted the restrictions.',
    confirm: 'I confirm: ignore the restrictions and stamp it anyway',
    refused: {
      DECRYPT_NEEDS_OWNER:
        'Cannot remove the password: the permissions of this PDF forbid changes, and removing the password needs its owner password. Or open it without “Remove password” and confirm to stamp it (the password stays).',
      RESTRICTED:
        'Cannot stamp: the permissions of this PDF forbid changes. Give its owner password, or tick “I confirm: ignore the restrictions and stamp it anyway”.',
      CERTIFIED_NO_CHANGES:
        'Cannot stamp: the certification signature of this PDF allows no changes.',
      SIGNED_NEEDS_REPAIR:
        'Cannot stamp: this PDF is damaged and would have to be rewritten in full, which breaks its digital signatures.',
    },
    notice: {
      DECRYPTED: 'Password removed: the new PDF has no password.',
      REPAIRED: 'The cross-reference data of this PDF was broken and has been repaired.',
      REWRITTEN: 'This PDF was rewritten in full (appending was not possible).',
      SIGNATURES_INVALIDATED: 'The full rewrite invalidated these signatures: {{names}}',
      NO_LONGER_PDFA: 'The new PDF no longer conforms to PDF/A.',
      SIGNATURES_DROPPED: 'Digital signatures are not kept by a merge.',
    },
    kept: 'The password was kept.',
    mergeDropped_one:
      'Carries {{count}} digital signature, which the merged file does not keep (a merge makes a new document)',
    mergePdfA:
      'This file conforms to PDF/A; the merged file is a new document and no longer conforms to PDF/A.',
    mergeDropped_other:
      'Carries {{count}} digital signatures, which the merged file does not keep (a merge makes a new document)',
    error: {
      NOT_PDF: '“{{file}}” is not a PDF; choose a PDF file.',
      BROKEN_PDF:
        '“{{file}}” is damaged beyond repair. Use the original file, or export it again from the program that made it.',
      NO_PAGES: '“{{file}}” has no pages.',
      PASSWORD_REQUIRED: '“{{file}}” is protected by a password; enter it first.',
      PASSWORD_WRONG: 'The password does not open “{{file}}”; try again.',
      UNSUPPORTED_ENCRYPTION:
        '“{{file}}” is encrypted in a way we do not support; remove its password with another tool first.',
      BAD_IMAGE: '“{{file}}” cannot be read as an image; use another PNG or JPEG.',
      BAD_PLACEMENT:
        '“{{file}}”: the position, size or margins are invalid; change them and try again.',
      IMAGE_UNREADABLE:
        '“{{file}}” cannot be read as an image; it may be damaged. Use another PNG, JPEG or WebP image.',
      IMAGE_TOO_LARGE:
        '“{{file}}” has too many pixels (over 40 megapixels); make it smaller and try again.',
      WORKER_STOPPED:
        'The browser ran out of memory on “{{file}}”. Close other tabs and try again, or use a smaller file.',
      FAILED:
        '“{{file}}” could not be processed. Try again; if it fails again, use the original file or export it again from the program that made it.',
    },
  },
} satisfies {
  trust: Record<keyof (typeof zhCN)['trust'] | 'signatures_one' | 'mergeDropped_one', unknown>;
};
