/**
 * Builds the Fastify application on an open database: authentication, error
 * handling, the hand-written routes and every schema-bound route. Used by the
 * server entry point, the tests and the bench alike.
 */
import multipart from '@fastify/multipart';
import Fastify, { type FastifyInstance } from 'fastify';
import { fail } from '../shared/envelope.js';
import './actions/index.js';
import { registerAppVersionPublicRoutes } from './actions/app/appVersionPublicRoutes.js';
import { registerCameraIngestRoutes } from './actions/camera/ingestRoutes.js';
import { registerChatRoutes } from './chat/chatRoutes.js';
import { registerAuthRoutes } from './auth/authRoutes.js';
import type { ServerConfig } from './config.js';
import type { Db } from './db/pool.js';
import type { EntityModel } from './engine/entityModel.js';
import { entityModels } from './engine/entityRegistry.js';
import { createFieldSecrets, installFieldSecrets } from './engine/fieldSecrets.js';
import { registerEntityRoutes } from './engine/registerEntityRoutes.js';
import { registerScreenRoutes } from './screens/screenRoutes.js';
import { registerCodeGenerator } from './develop/registerCodeGenerator.js';
import { runtimeModelById } from './develop/runtimeRegistry.js';
import { installAuthentication } from './http/authentication.js';
import { installCompression } from './http/compression.js';
import { installErrorHandling } from './http/errorHandling.js';
import { installEventStreams } from './http/eventStreams.js';
import { trustProxyOption } from './http/proxyConfig.js';
import { installSecurityHeaders } from './http/securityHeaders.js';
import { installRateLimits } from './http/rateLimits.js';
import { installStaticConsole } from './http/staticConsole.js';
import { installLogging } from './logging/requestLogHooks.js';
import { registerReadingIngestRoutes } from './monitor/ingestRoutes.js';
import { installMqttIngest } from './monitor/mqttIngest.js';
import { registerWarningStream } from './monitor/warningStream.js';
import { registerResourceRoutes } from './resource/uploadRoutes.js';
import { registerCurrentUserRoutes } from './system/currentUserRoutes.js';
import { registerClientSchemaRoutes } from './system/clientSchemaRoutes.js';
import { registerHealthRoutes } from './system/healthRoutes.js';
import { registerMenuRoutes } from './system/menuRoutes.js';
import { registerPublicSettings } from './system/publicSettings.js';
import { registerSelfCheckRoutes } from './system/selfCheckRoutes.js';
import { registerRegisterGuestRoutes } from './system/registerGuestRoutes.js';
import { registerTenantInfoRoutes } from './system/tenantInfoRoutes.js';

export interface AppOptions {
  db: Db;
  config: ServerConfig;
  signingKey: Uint8Array;
  models?: EntityModel[];
  /** false: no logging at all (tests); otherwise errors always, requests when logRequests. */
  logger?: boolean;
  logRequests?: boolean;
}

function parseForm(body: string): Record<string, string> {
  return Object.fromEntries(new URLSearchParams(body));
}

export async function buildApp(options: AppOptions): Promise<FastifyInstance> {
  const { db, config, signingKey } = options;
  const app = Fastify({
    // Errors are always logged (security rule 10); request lines only when asked for.
    // Query strings are never logged: the token endpoint carries credentials there.
    logger:
      options.logger === false
        ? false
        : {
            level: process.env.LOG_LEVEL ?? (options.logRequests ? 'info' : 'warn'),
            serializers: {
              req: (req: { method: string; routeOptions?: { url?: string }; url: string }) => ({
                method: req.method,
                route: req.routeOptions?.url ?? req.url.split('?')[0],
              }),
            },
          },
    bodyLimit: 2 * 1024 * 1024,
    // The AI assistant's question travels in the query (platform-core §7): 2000 Chinese characters are 18 KB
    // URL-encoded, past Node's 16 KB default for the request head.
    http: { maxHeaderSize: 32 * 1024 },
    // X-Forwarded-* only from the proxies listed in TRUSTED_PROXIES (none by default): anyone can send them.
    trustProxy: trustProxyOption(config.proxy),
    routerOptions: { maxParamLength: 256 },
    // No HEAD route is made for a GET route: some GET routes change state (the spec's logout, plan
    // remove/stop), and HEAD would run their handlers. HEAD is answered only where a route declares it
    // (the console's files); elsewhere it is 404 and nothing runs.
    exposeHeadRoutes: false,
  });
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) => {
    done(null, parseForm(String(body)));
  });
  // First: every answer, even one refused by a later hook (401, 429), carries the security headers.
  await installSecurityHeaders(app);
  // Before any route: the compressor attaches itself to each route as it is added.
  await installCompression(app);
  // Server-sent events and the LISTEN connection; open streams end when the server stops.
  const eventStreams = await installEventStreams(app, db);
  installAuthentication(app, db, signingKey);
  // After authentication: signed-in callers are counted by their verified tenant.
  installRateLimits(app, { db, config: config.rateLimits });
  installFieldSecrets(db, createFieldSecrets(signingKey));
  installErrorHandling(app);
  installLogging(app, { db, models: options.models ?? entityModels() });
  app.setNotFoundHandler((request, reply) => {
    reply.code(404).send(fail(404, request.language === 'en' ? 'No such endpoint' : '接口不存在'));
  });

  registerPublicSettings(app, config);
  registerHealthRoutes(app, db);
  registerAuthRoutes(app, { db, config, signingKey });
  registerScreenRoutes(app, db, signingKey);
  registerMenuRoutes(app, db);
  registerClientSchemaRoutes(app, options.models ?? entityModels(), (id) => runtimeModelById(db, id));
  registerCurrentUserRoutes(app, db);
  registerRegisterGuestRoutes(app, db);
  registerResourceRoutes(app, { db, dataDir: config.dataDir, storage: config.storage });
  registerTenantInfoRoutes(app, db);
  registerSelfCheckRoutes(app, db, config);
  registerAppVersionPublicRoutes(app, db, config.proxy.publicUrl);
  registerCameraIngestRoutes(app, db);
  registerReadingIngestRoutes(app, db);
  installMqttIngest(app, db, config.mqtt);
  registerWarningStream(app, db, eventStreams);
  registerChatRoutes(app, db, eventStreams);
  registerEntityRoutes(app, db, options.models ?? entityModels());
  // Uploads to schema actions (user import). After the resource routes: their scope registers its own multipart with its limits.
  app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1, fields: 10, parts: 11 } });
  await registerCodeGenerator(app, { db, config });
  await installStaticConsole(app, config.webRoot);
  return app;
}
