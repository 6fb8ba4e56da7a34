import type { FastifyInstance } from 'fastify';
import type { Services } from '../../platform/services';
import { CaptchaService } from './captcha';
import { registerSessionRoutes } from './session-routes';
import { registerTokenEndpoint } from './token-endpoint';

export function registerAuthModule(app: FastifyInstance, services: Services): void {
  const captcha = new CaptchaService(services.store, services.config.captchaEnabled);
  registerTokenEndpoint(app, services, captcha);
  registerSessionRoutes(app, services, captcha);
}
