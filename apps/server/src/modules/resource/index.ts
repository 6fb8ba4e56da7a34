import type { FastifyInstance } from 'fastify';
import type { Services } from '../../platform/services';
import { recordingProvider } from '../billing/sms';
import { registerAttachRoutes } from './attach-routes';
import { registerOssRoutes } from './oss-routes';
import { registerSmsRoutes } from './sms-routes';

/** Resources (spec §7.9 /blade-resource): object storage (对象存储), SMS settings (短信配置), stored files (附件管理). */
export function registerResourceModule(app: FastifyInstance, services: Services): void {
  registerOssRoutes(app, services);
  registerSmsRoutes(
    app,
    services,
    recordingProvider((msg) => app.log.info(msg)),
  );
  registerAttachRoutes(app, services);
}
