/**
 * Adds the PDF tools' strings to i18n. Imported by those tools, so the strings load with them
 * rather than with the home page. Safe to import more than once.
 */
import convertEn from './convert.en';
import convertZhCN from './convert.zh-CN';
import i18n from './index';

i18n.addResourceBundle('zh-CN', 'translation', convertZhCN, true, false);
i18n.addResourceBundle('en', 'translation', convertEn, true, false);
