/**
 * Adds the strings about what a PDF holds (signatures, passwords, permissions) to i18n. Imported
 * by the components that show them (PDF签章, PDF合并); safe to import more than once.
 */
import i18n from './index';
import trustEn from './trust.en';
import trustZhCN from './trust.zh-CN';

i18n.addResourceBundle('zh-CN', 'translation', trustZhCN, true, false);
i18n.addResourceBundle('en', 'translation', trustEn, true, false);
