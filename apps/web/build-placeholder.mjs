// Until the console lands (its own issue), the server serves this page so
// `npm start` shows where the API and its documentation are.
import { mkdirSync, writeFileSync } from 'node:fs';

mkdirSync(new URL('./dist', import.meta.url), { recursive: true });
writeFileSync(
  new URL('./dist/index.html', import.meta.url),
  `<!doctype html>
<html lang="zh-CN">
<head><meta charset="utf-8"><title>物业管理平台</title>
<style>body{font-family:system-ui,sans-serif;margin:4rem auto;max-width:40rem;color:#303133}a{color:#409EFF}</style></head>
<body>
<h1>物业管理平台</h1>
<p>服务已启动。控制台界面正在建设中;接口文档见 <a href="/api/docs">/api/docs</a>。</p>
<p>The API is running. The console screens are being built; see the API documentation at <a href="/api/docs">/api/docs</a>.</p>
</body></html>
`,
);
console.log('apps/web/dist/index.html written');
