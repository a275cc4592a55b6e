import type { FastifyRequest } from 'fastify';

/**
 * The page a browser gets for an address that does not exist (issue 18 item 7): in the app's
 * colours (apps/web/src/styles), bilingual like the app, with a link home. Static text only: the
 * requested path is never written into it. The inline style is allowed by the CSP (style-src
 * 'unsafe-inline'); there is no script.
 */
export const NOT_FOUND_HTML = `<!doctype html>
<html lang="zh-CN">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="theme-color" content="#b91c1c">
<link rel="icon" href="/favicon.svg" type="image/svg+xml">
<title>页面不存在 · 印章 Yinzhang</title>
<style>
:root{--red:#c8102e;--red-dark:#9f0b23;--ink:#1f2328;--muted:#5b616b;--line:#e4e0da;--paper:#f7f5f1;--card:#fff}
*{box-sizing:border-box}
body{margin:0;min-height:100vh;display:grid;place-items:center;background:var(--paper);color:var(--ink);
font-family:system-ui,-apple-system,"Segoe UI","PingFang SC","Hiragino Sans GB","Noto Sans CJK SC","Microsoft YaHei",sans-serif}
main{background:var(--card);border:1px solid var(--line);border-radius:12px;padding:40px 32px;margin:16px;max-width:440px;text-align:center;
box-shadow:0 1px 2px rgb(31 35 40 / 6%),0 4px 16px rgb(31 35 40 / 6%)}
.seal{width:88px;height:88px;margin:0 auto 20px;border:4px solid var(--red);border-radius:50%;display:grid;place-items:center;
color:var(--red);font-size:28px;font-weight:700;letter-spacing:2px}
h1{font-size:22px;margin:0 0 8px}
p{color:var(--muted);margin:0 0 24px;line-height:1.6}
a{display:inline-block;background:var(--red);color:#fff;text-decoration:none;padding:10px 22px;border-radius:8px;font-weight:600}
a:hover{background:var(--red-dark)}
a:focus-visible{outline:3px solid #1a5fd0;outline-offset:2px}
</style>
</head>
<body>
<main>
<div class="seal" aria-hidden="true">404</div>
<h1>页面不存在</h1>
<p>您访问的地址不存在或已移动。<br><span lang="en">This page does not exist.</span></p>
<a href="/">返回首页 · Home</a>
</main>
</body>
</html>
`;

/** A browser navigation (it asks for HTML) to an address outside the API gets the page. */
export function wantsHtmlPage(request: FastifyRequest): boolean {
  if (request.url === '/v1' || request.url.startsWith('/v1/')) return false;
  const accept = request.headers.accept ?? '';
  return /\btext\/html\b/i.test(accept);
}
