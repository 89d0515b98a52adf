import multipart from '@fastify/multipart';
import {
  envelopeSchema,
  MSG,
  ZAvatarReply,
  ZPrivacyPolicy,
  ZSetNicknameRequest,
  ZSetPhoneRequest,
  ZUpdateUserInfoRequest,
  ZUserInfo,
} from '@portal/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok } from '../../http/envelope.ts';
import { currentUser } from '../auth/require-user.ts';
import type { AccountService } from './account.service.ts';
import { IMAGE_MULTIPART_LIMITS, readImageUpload } from './image-upload.ts';
import { readPrivacyPolicy } from './privacy-policy.ts';

const ZUserInfoEnvelope = envelopeSchema(ZUserInfo);

/**
 * Personal settings (README.md here): GET /api/user/set/get_user_info, POST
 * /api/user/set/update_user_info, /nickname, /avatar (multipart `file`), /phone; and the
 * public GET /api/user_private (privacy policy).
 */
export function accountRoutes(account: AccountService, privacyPolicyFile: string): FastifyPluginAsyncZod {
  return async (app) => {
    await app.register(multipart, { limits: IMAGE_MULTIPART_LIMITS });

    app.get(
      '/api/user/set/get_user_info',
      { preHandler: app.requireUser, schema: { response: { 200: ZUserInfoEnvelope } } },
      async (request) => ok(await account.profile(currentUser(request).id)),
    );

    app.post(
      '/api/user/set/update_user_info',
      {
        preHandler: app.requireUser,
        schema: { body: ZUpdateUserInfoRequest, response: { 200: ZUserInfoEnvelope } },
      },
      async (request) => ok(await account.update(currentUser(request).id, request.body), MSG.saved),
    );

    app.post(
      '/api/user/set/nickname',
      {
        preHandler: app.requireUser,
        schema: { body: ZSetNicknameRequest, response: { 200: ZUserInfoEnvelope } },
      },
      async (request) =>
        ok(await account.setNickname(currentUser(request).id, request.body.nickname), MSG.saved),
    );

    app.post(
      '/api/user/set/avatar',
      { preHandler: app.requireUser, schema: { response: { 200: envelopeSchema(ZAvatarReply) } } },
      async (request) => {
        const user = currentUser(request);
        const image = await readImageUpload(request, 'file');
        return ok({ avatar: await account.setAvatar(user.id, image) }, MSG.saved);
      },
    );

    app.post(
      '/api/user/set/phone',
      {
        preHandler: app.requireUser,
        schema: { body: ZSetPhoneRequest, response: { 200: ZUserInfoEnvelope } },
      },
      async (request) =>
        ok(
          await account.setPhone(currentUser(request).id, request.body.phone, request.body.code, request.ip),
          MSG.phoneChanged,
        ),
    );

    app.get(
      '/api/user_private',
      { schema: { response: { 200: envelopeSchema(ZPrivacyPolicy) } } },
      async () => ok(await readPrivacyPolicy(privacyPolicyFile)),
    );
  };
}
