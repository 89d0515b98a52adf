import multipart from '@fastify/multipart';
import {
  accountApi,
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
import { route } from '../../http/endpoint-route.ts';
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

    route(
      app,
      accountApi.userInfo,
      { preHandler: app.requireUser, schema: { response: { 200: ZUserInfoEnvelope } } },
      async (request) => ok(await account.profile(currentUser(request).id)),
    );

    route(
      app,
      accountApi.updateUserInfo,
      {
        preHandler: app.requireUser,
        schema: { body: ZUpdateUserInfoRequest, response: { 200: ZUserInfoEnvelope } },
      },
      async (request) => ok(await account.update(currentUser(request).id, request.body), MSG.saved),
    );

    route(
      app,
      accountApi.setNickname,
      {
        preHandler: app.requireUser,
        schema: { body: ZSetNicknameRequest, response: { 200: ZUserInfoEnvelope } },
      },
      async (request) =>
        ok(await account.setNickname(currentUser(request).id, request.body.nickname), MSG.saved),
    );

    route(
      app,
      accountApi.setAvatar,
      { preHandler: app.requireUser, schema: { response: { 200: envelopeSchema(ZAvatarReply) } } },
      async (request) => {
        const user = currentUser(request);
        const image = await readImageUpload(request, 'file');
        return ok({ avatar: await account.setAvatar(user.id, image) }, MSG.saved);
      },
    );

    route(
      app,
      accountApi.setPhone,
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

    route(
      app,
      accountApi.privacyPolicy,
      { schema: { response: { 200: envelopeSchema(ZPrivacyPolicy) } } },
      async () => ok(await readPrivacyPolicy(privacyPolicyFile)),
    );
  };
}
