/** Simplified Chinese, the default language. Labels from DESIGN §9 are exact: tests rely on them. */
const zhCN = {
  app: {
    name: '印章',
    latinName: 'Yinzhang',
    tagline: '免费在线制作电子印章',
    language: '语言 / Language',
  },
  tabs: {
    label: '功能',
    make: '制作印章',
  },
  make: {
    name: '名称',
    namePlaceholder: '例如：北京某某科技有限公司',
    title: '横排文字',
    titlePlaceholder: '例如：合同专用章',
    code: '防伪码',
    codePlaceholder: '数字或字母',
    hint: '名称满 4 个字后自动生成；在任一输入框按 Enter 可立即在本机生成。',
    busy: '稍等片刻...',
    failed: '制作失败：{{message}}',
    nameRequired: '请输入名称',
    preview: '印章预览',
    empty: '输入名称后，印章会显示在这里',
    download: '下载',
    downloadHint: '透明背景 PNG，512 × 512 像素',
  },
  feedback: {
    toggle: '问题反馈',
    label: '反馈内容',
    placeholder: '问题反馈...',
    send: '发送',
    thanks: '感谢反馈',
    failed: '发送失败',
    close: '关闭',
  },
  footer: {
    copyright: '© {{year}} 印章 Yinzhang',
    contact: '联系我们：',
    qr: '本站网址二维码',
    qrCaption: '手机扫码访问',
    notice: '本站制作的印章仅限合法用途，严禁伪造、变造或冒用他人印章。',
  },
  notFound: {
    title: '页面不存在',
    home: '返回首页',
  },
} as const;

export default zhCN;
