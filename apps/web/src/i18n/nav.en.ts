import type navZhCN from './nav.zh-CN';

type Strings<T> = { [K in keyof T]: T[K] extends string ? string : Strings<T[K]> };

const navEn: Strings<typeof navZhCN> = {
  nav: {
    label: 'Pages',
    home: 'Home',
    pdf: 'PDF tools',
  },
};

export default navEn;
