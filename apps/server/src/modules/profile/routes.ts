import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZUserDetails } from '@esigns/contracts/auth';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { authOf, requireAuth } from '../../platform/http/authenticate';
import { ok } from '../../platform/http/envelope';
import type { Platform } from '../../platform/platform';
import { pictureUrl, savePicture, updateProfile, userDetailsWithUrls, type PictureKind } from './service';

const ERRORS = { 401: ZErrorBody, 404: ZErrorBody, 413: ZErrorBody, 415: ZErrorBody };
const ZText = (max: number) => z.string().trim().max(max);
const ZUpdateProfile = z.object({
  first_name: ZText(100).min(1, 'Required').optional(),
  last_name: ZText(100).min(1, 'Required').optional(),
  title: ZText(100).nullable().optional(),
  phone: ZText(20)
    .regex(/^\+?[0-9 ()-]{6,20}$/, 'Enter a phone number like +91 98765 43210')
    .nullable()
    .optional(),
  address: ZText(300).nullable().optional(),
});
// A 2 MB picture is about 2.7 MB as base64.
const PICTURE_BODY_LIMIT = 3 * 1024 * 1024;
const ZPicture = (field: string) =>
  z.object({ [field]: z.string().min(1, 'Required').max(PICTURE_BODY_LIMIT) }) as z.ZodObject<
    Record<string, z.ZodString>
  >;

export function registerProfileRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['profile'];
  const security = [{ bearer: [] }];
  const onRequest = requireAuth(platform.config.secrets.jwtSecret);
  // The caller's own pictures (avatar, signature, initials) belong to their login: contact-area
  // sessions use them too. `user_details` (/user/profile) stays staff: contacts read
  // `/application-user/profile`.
  const ownPictures = requireAuth(platform.config.secrets.jwtSecret, 'staff-or-contact');

  r.get(
    '/user/profile',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'The signed-in user in the current workspace (`user_details`)',
        response: { 200: ZSuccess(ZUserDetails), ...ERRORS },
      },
    },
    async (request) => ok(await userDetailsWithUrls(platform, authOf(request))),
  );

  r.patch(
    '/user/update-profile',
    {
      onRequest,
      schema: {
        tags,
        security,
        summary: 'Change names, title, phone or address',
        body: ZUpdateProfile,
        response: { 200: ZSuccess(ZUserDetails), ...ERRORS },
      },
    },
    async (request) => ok(await updateProfile(platform, authOf(request), request.body), 'Profile updated'),
  );

  const picture = (kind: PictureKind, field: string, summary: string) => ({
    onRequest: ownPictures,
    bodyLimit: PICTURE_BODY_LIMIT + 1024,
    schema: {
      tags,
      security,
      summary,
      description:
        `Body: \`{ "${field}": "data:image/png;base64,..." }\`, at most 2 MB. The bytes decide the type ` +
        '(415 when they are not an accepted image). Answers a signed URL valid for one hour.',
      body: ZPicture(field),
      response: { 200: ZSuccess(z.object({ [field]: z.string() })), ...ERRORS },
    },
  });
  const save =
    (kind: PictureKind, field: string) =>
    async (request: { body: Record<string, string> } & Parameters<typeof authOf>[0]) =>
      ok({ [field]: await savePicture(platform, authOf(request).userId, kind, request.body[field]!) });

  r.patch(
    '/user/update-profile-picture',
    picture('avatar', 'avatar', 'Upload the avatar (PNG, JPEG or WebP)'),
    save('avatar', 'avatar'),
  );
  r.get(
    '/user/update-profile-picture',
    {
      onRequest: ownPictures,
      schema: {
        tags,
        security,
        summary: 'The avatar URL',
        response: {
          200: ZSuccess(z.object({ profile: z.object({ avatar: z.string().nullable() }) })),
          ...ERRORS,
        },
      },
    },
    async (request) =>
      ok({ profile: { avatar: await pictureUrl(platform, authOf(request).userId, 'avatar') } }),
  );

  r.get(
    '/signature',
    {
      onRequest: ownPictures,
      schema: {
        tags,
        security,
        summary: 'The saved signature (PNG) URL, offered when signing',
        response: { 200: ZSuccess(z.object({ signature: z.string().nullable() })), ...ERRORS },
      },
    },
    async (request) => ok({ signature: await pictureUrl(platform, authOf(request).userId, 'signature') }),
  );
  r.patch(
    '/signature',
    picture('signature', 'signature', 'Save the signature (PNG: drawn, typed or uploaded)'),
    save('signature', 'signature'),
  );

  r.get(
    '/initials/user/me',
    {
      onRequest: ownPictures,
      schema: {
        tags,
        security,
        summary: 'The saved initials (PNG) URL',
        response: { 200: ZSuccess(z.object({ initial: z.string().nullable() })), ...ERRORS },
      },
    },
    async (request) => ok({ initial: await pictureUrl(platform, authOf(request).userId, 'initial') }),
  );
  r.post(
    '/initials/user/me',
    picture('initial', 'initial', 'Save the initials (PNG)'),
    save('initial', 'initial'),
  );
  r.patch(
    '/initial',
    picture('initial', 'initial', 'Replace the initials (PNG)'),
    save('initial', 'initial'),
  );
}
