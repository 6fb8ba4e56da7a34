import { localeOf, translate, type ErrorKey, type Locale, type MessageParams } from '@property/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { MESSAGE_KEY, type Envelope } from './envelope';

/** The language a call is answered in: its Accept-Language (the console sends it), Chinese by default. */
export function localeOfRequest(request: FastifyRequest): Locale {
  return localeOf(request.headers['accept-language']);
}

/** A message in the language of the call. */
export function messageFor(request: FastifyRequest, key: ErrorKey, params?: MessageParams): string {
  return translate(localeOfRequest(request), key, params);
}

/**
 * Success envelopes are built without the request at hand (`return data(rows)`), in Chinese; an
 * answer to a call in another language gets its `msg` in that language here, just before it is
 * serialised. Envelopes carry the key of their message for this (a symbol, never serialised).
 */
export function installAnswerLanguage(app: FastifyInstance): void {
  app.addHook('preSerialization', (request, _reply, payload, done) => {
    const key = (payload as Partial<Envelope> | null)?.[MESSAGE_KEY];
    if (key !== undefined && request.headers['accept-language']) {
      const locale = localeOfRequest(request);
      if (locale !== 'zh') (payload as Envelope).msg = translate(locale, key);
    }
    done(null, payload);
  });
}
