import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCompanyName, ZCompanySlug } from '@esigns/contracts/team';
import { ZBranding, ZBrandingOverride } from '@esigns/contracts/branding';
import { ZErrorBody, ZSuccess } from '@esigns/contracts/envelope';
import { ok } from '../../platform/http/envelope';
import { notFound } from '../../platform/http/app-error';
import type { Platform } from '../../platform/platform';
import { accessOf, requirePermission } from '../permissions';
import { renderBrandingMailPreview } from './branding-preview';
import {
  companyLogoUrl,
  getCompanyBySlug,
  getCompanyProfile,
  isCompanyNameAvailable,
  saveCompanyLogo,
  updateCompanyProfile,
} from './profile-service';

const ZCompanyProfile = z.object({
  _id: z.string(),
  name: z.string(),
  slug: z.string(),
  plan_type: z.enum(['INDIVIDUAL', 'BUSINESS']),
  is_active: z.boolean(),
  logo_url: z.string().nullable(),
  branding: ZBranding,
  readable_colors: z
    .object({
      on_primary: z.string().describe('Button text on the primary colour: white or black, whichever reads'),
      on_secondary: z.string().describe('Text on the secondary colour'),
      mail_link: z
        .string()
        .describe('Links in mails: link_color, else the primary darkened to 4.5:1 on white'),
    })
    .describe('Derived from the branding (never stored): what text on its colours becomes'),
});
const ERRORS = { 401: ZErrorBody, 403: ZErrorBody, 404: ZErrorBody, 413: ZErrorBody, 415: ZErrorBody };

export function registerCompanyRoutes(api: FastifyInstance, platform: Platform): void {
  const r = api.withTypeProvider<ZodTypeProvider>();
  const tags = ['company'];
  const security = [{ bearer: [] }];

  r.get(
    '/company/:id',
    {
      onRequest: requirePermission(platform, 'company:view'),
      schema: {
        tags,
        security,
        summary: 'The company profile of the current workspace',
        description: "Another company's id answers 404.",
        params: z.object({ id: z.string().max(64) }),
        response: { 200: ZSuccess(ZCompanyProfile), ...ERRORS },
      },
    },
    async (request) => ok(await getCompanyProfile(platform, accessOf(request), request.params.id)),
  );

  r.patch(
    '/company',
    {
      onRequest: requirePermission(platform, 'company:update'),
      schema: {
        tags,
        security,
        summary: 'Change the company name, its sign-in address (slug) or its branding',
        description:
          'Branding needs `company:update-branding` too. Colours are `#rrggbb`. Text must read on its colour ' +
          '(WCAG AA, 4.5:1): dialog header text on the dialog header and the mail link colour on white are ' +
          'refused with 422 keyed `branding.dialog_header_text_color` / `branding.link_color`, the message ' +
          'naming the nearest colour that passes; text on the primary and secondary colours is chosen ' +
          '(white or black, `readable_colors`). The running app and the next mail take the new look at once.',
        body: z.object({
          name: ZCompanyName.optional(),
          slug: ZCompanySlug.optional(),
          branding: ZBrandingOverride.optional(),
        }),
        response: { 200: ZSuccess(ZCompanyProfile), ...ERRORS },
      },
    },
    async (request) =>
      ok(await updateCompanyProfile(platform, accessOf(request), request.body), 'Company updated'),
  );

  r.post(
    '/company/logo',
    {
      onRequest: requirePermission(platform, 'company:update-branding'),
      bodyLimit: 1.5 * 1024 * 1024,
      schema: {
        tags,
        security,
        summary: 'Upload the company logo (PNG, JPEG or WebP data URL, at most 1 MB)',
        body: z.object({ logo: z.string().min(1, 'Required') }),
        response: { 200: ZSuccess(z.object({ logo_url: z.string() })), ...ERRORS },
      },
    },
    async (request) =>
      ok({ logo_url: await saveCompanyLogo(platform, accessOf(request), request.body.logo) }),
  );

  r.get(
    '/company-logo/:id',
    {
      schema: {
        tags,
        summary: "A company's logo (public: sign-in pages show it); redirects to a short-lived file URL",
        params: z.object({ id: z.uuid('Invalid company id') }),
        response: { 404: ZErrorBody },
      },
    },
    async (request, reply) => {
      const url = await companyLogoUrl(platform, request.params.id);
      if (!url) throw notFound('Logo');
      return reply.redirect(url, 302);
    },
  );

  r.get(
    '/company/by-slug/:slug',
    {
      schema: {
        tags,
        summary: "A company's public sign-in page data: name, logo and branding",
        params: z.object({ slug: z.string().max(80) }),
        response: {
          200: ZSuccess(
            ZCompanyProfile.pick({
              _id: true,
              name: true,
              slug: true,
              logo_url: true,
              branding: true,
              readable_colors: true,
            }),
          ),
          404: ZErrorBody,
        },
      },
    },
    async (request) => ok(await getCompanyBySlug(platform, request.params.slug)),
  );

  r.post(
    '/company/branding/mail-preview',
    {
      onRequest: requirePermission(platform, 'company:view'),
      schema: {
        tags,
        security,
        summary: "A sample mail in the company's look, with unsaved colours (product addition)",
        description:
          "The mail layout every product mail uses, with the company's saved branding and these changes " +
          'over it, and its default mail header and footer (email templates). Nothing is stored or sent.',
        body: z.object({ branding: ZBrandingOverride.optional() }),
        response: {
          200: ZSuccess(z.object({ subject: z.string(), html: z.string(), text: z.string() })),
          ...ERRORS,
        },
      },
    },
    async (request) =>
      ok(await renderBrandingMailPreview(platform, accessOf(request), request.body.branding ?? {})),
  );

  r.post(
    '/company-name-status',
    {
      onRequest: requirePermission(platform, 'company:view'),
      schema: {
        tags,
        security,
        summary: 'Whether a company name is free (no other company uses it, case-insensitive)',
        body: z.object({ name: z.string().trim().min(2, 'At least 2 characters').max(120) }),
        response: { 200: ZSuccess(z.object({ available: z.boolean() })), ...ERRORS },
      },
    },
    async (request) =>
      ok({ available: await isCompanyNameAvailable(platform, accessOf(request), request.body.name) }),
  );
}
