/** What a PDF holds and what writing keeps (issue 14), zh-CN. Added to i18n by trust.ts. */
export default {
  trust: {
    panel: '此PDF的签名与权限',
    removePassword: '移除密码',
    removePasswordHint: '默认保留原密码：生成的PDF仍需同一密码打开。勾选后，生成的PDF不再有密码。',
    signatures_other:
      '此PDF带有 {{count}} 个数字签名。盖章会追加在文件末尾（增量更新），原有签名保持有效；阅读器会显示“签名后文档有修改”。',
    certified: '此PDF有认证签名，不允许任何修改，因此无法盖章。',
    restricted: '此PDF的权限不允许修改。盖章前请输入所有者密码，或确认仍要盖章。',
    ownerPassword: '所有者密码',
    useOwner: '使用所有者密码',
    ownerWrong: '这不是此PDF的所有者密码。',
    ownerOk: '已用所有者密码解除限制。',
    confirm: '我确认忽略权限限制，仍要盖章',
    refused: {
      DECRYPT_NEEDS_OWNER:
        '无法移除密码：此PDF的权限不允许修改，移除密码需要它的所有者密码。也可以不勾选“移除密码”，确认后仍然盖章（保留密码）。',
      RESTRICTED:
        '无法盖章：此PDF的权限不允许修改。请输入所有者密码，或勾选“我确认忽略权限限制，仍要盖章”。',
      CERTIFIED_NO_CHANGES: '无法盖章：此PDF的认证签名不允许任何修改。',
      SIGNED_NEEDS_REPAIR: '无法盖章：此PDF已损坏，需要修复后整份重写，这会使其中的数字签名失效。',
    },
    notice: {
      DECRYPTED: '已移除密码：生成的PDF没有密码。',
      REPAIRED: '此PDF的交叉引用数据已损坏，已修复。',
      REWRITTEN: '此PDF被整份重写（无法追加）。',
      SIGNATURES_INVALIDATED: '整份重写使这些签名失效：{{names}}',
      NO_LONGER_PDFA: '生成的PDF不再符合 PDF/A。',
      SIGNATURES_DROPPED: '合并后不保留数字签名。',
    },
    kept: '已保留原密码。',
    mergePdfA: '此文件符合 PDF/A；合成生成的是新文档，不再符合 PDF/A。',
    mergeDropped_other: '带有 {{count}} 个数字签名，合成后不保留（合并生成的是新文档）',
    /** Why the engine could not read or write a file, by its error code (issue 19: our words). */
    error: {
      NOT_PDF: '“{{file}}”不是PDF文件，请选择PDF。',
      BROKEN_PDF: '“{{file}}”已损坏，无法修复。请换用原始文件，或用生成它的程序重新导出后再试。',
      NO_PAGES: '“{{file}}”中没有任何页面。',
      PASSWORD_REQUIRED: '“{{file}}”有密码保护，请先输入密码。',
      PASSWORD_WRONG: '密码打不开“{{file}}”，请重新输入。',
      UNSUPPORTED_ENCRYPTION: '“{{file}}”的加密方式不受支持，请先用其他工具移除密码后再试。',
      BAD_IMAGE: '“{{file}}”无法作为图片读取，请换一张PNG或JPEG图片后再试。',
      BAD_PLACEMENT: '“{{file}}”：位置、大小或页边距无效，请调整后再试。',
      IMAGE_UNREADABLE:
        '“{{file}}”无法作为图片读取，可能已损坏。请换一张PNG、JPEG或WebP图片后再试。',
      IMAGE_TOO_LARGE: '“{{file}}”的像素太多（超过4000万），请缩小后再试。',
      WORKER_STOPPED:
        '处理“{{file}}”时浏览器内存不足。请关闭其他标签页后重试，或换一个较小的文件。',
      FAILED:
        '“{{file}}”处理失败。请重试；如果仍然失败，请换用原始文件，或用生成它的程序重新导出后再试。',
    },
  },
};
