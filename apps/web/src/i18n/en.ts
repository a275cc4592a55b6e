import type zhCN from './zh-CN';

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

/** English. Same keys as zh-CN (the type makes a missing key a compile error). */
const en: Strings<typeof zhCN> = {
  app: {
    name: '印章',
    latinName: 'Yinzhang',
    tagline: 'Free online electronic seals',
    language: '语言 / Language',
  },
  tabs: {
    label: 'Tools',
    make: 'Make a seal',
  },
  make: {
    name: 'Name',
    namePlaceholder: 'e.g. Beijing Example Technology Co., Ltd.',
    title: 'Horizontal text',
    titlePlaceholder: 'e.g. Contract seal',
    code: 'Anti-fake code',
    codePlaceholder: 'Digits or letters',
    hint: 'The seal appears once the name has 4 characters; press Enter in any field to draw it right here in your browser.',
    busy: 'Just a moment...',
    failed: 'Could not make the seal: {{message}}',
    nameRequired: 'Please enter a name',
    preview: 'Seal preview',
    empty: 'Type a name and your seal appears here',
    download: 'Download',
    downloadHint: 'Transparent PNG, 512 × 512 pixels',
  },
  feedback: {
    toggle: 'Feedback',
    label: 'Your feedback',
    placeholder: 'Tell us about a problem...',
    send: 'Send',
    thanks: 'Thanks for your feedback',
    failed: 'Sending failed',
    close: 'Close',
  },
  footer: {
    copyright: '© {{year}} 印章 Yinzhang',
    contact: 'Contact: ',
    qr: 'QR code of this site',
    qrCaption: 'Scan to open on your phone',
    notice: 'Seals made here are for lawful use only. Forging or misusing a seal is a crime.',
  },
  notFound: {
    title: 'Page not found',
    home: 'Back to home',
  },
};

export default en;
