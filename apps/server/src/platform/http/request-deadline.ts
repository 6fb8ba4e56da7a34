import type { FastifyInstance } from 'fastify';
import { failure } from './envelope';
import { messageFor } from './locale';

/**
 * A request must have arrived whole (headers and body) within `ms`: one that trickles in, a byte
 * at a time, is answered 408 and its connection closed, so slow senders cannot hold connections
 * (and the memory of half-read bodies) open. Node's own requestTimeout is checked only every 30 s;
 * this runs on each request's own timer. Calls whose body is read are timed until it has all
 * arrived; the answer's own time is not limited.
 */
export function installRequestDeadline(app: FastifyInstance, ms: number): void {
  if (!ms || ms <= 0) return;
  app.addHook('onRequest', async (request, reply) => {
    const raw = request.raw;
    const timer = setTimeout(() => {
      if (raw.complete || reply.sent || reply.raw.headersSent) return;
      const body = JSON.stringify(failure(408, messageFor(request, 'requestTimeout')));
      reply.raw.writeHead(408, { 'Content-Type': 'application/json; charset=utf-8', Connection: 'close' });
      reply.raw.end(body, () => raw.socket?.destroy());
    }, ms);
    timer.unref();
    const stop = () => clearTimeout(timer);
    raw.once('end', stop);
    raw.once('close', stop);
    reply.raw.once('finish', stop);
  });
}
