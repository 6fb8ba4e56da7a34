import type { FastifyInstance } from 'fastify';

/**
 * What the console's pages may load: its own scripts only (no inline script, no eval); styles inline
 * too (antd writes its styles at run time); images, media and embedded pages (/myiframe) from
 * anywhere on the web, as the screens show tenants' pictures and the pages menus name.
 */
export const CONSOLE_CSP = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: https: http:",
  "media-src 'self' blob: https: http:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' https: http:",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
  // Only the console itself may frame its pages (clickjacking); X-Frame-Options says the same to older browsers.
  "frame-ancestors 'self'",
].join('; ');

/**
 * Every answer: no content sniffing, no framing by other sites. Pages (HTML outside the API and its
 * documentation, whose viewer brings its own scripts) also carry the Content-Security-Policy.
 */
export function installPageHeaders(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    reply.header('X-Content-Type-Options', 'nosniff');
    reply.header('X-Frame-Options', 'SAMEORIGIN');
    const type = String(reply.getHeader('content-type') ?? '');
    if (type.startsWith('text/html') && !request.url.startsWith('/api/')) {
      reply.header('Content-Security-Policy', CONSOLE_CSP);
      reply.header('Referrer-Policy', 'same-origin');
    }
    return payload;
  });
}
