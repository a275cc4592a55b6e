/** The page links in the header (eager: every page shows them). Merged in by index.ts. */
const navZhCN = {
  nav: {
    label: '页面',
    home: '首页',
    pdf: 'PDF工具',
  },
} as const;

export default navZhCN;
