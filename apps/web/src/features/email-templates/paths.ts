import type { TEmailTemplate } from '@esigns/contracts/email';

/** Where a template is edited: the entity template editor or the header/footer editor. */
export function editPathOf(template: Pick<TEmailTemplate, '_id' | 'type'>): string {
  const id = encodeURIComponent(template._id);
  return template.type === 'ENTITY'
    ? `/email-template/edit/${id}`
    : `/email-header-footer-template/edit/${id}`;
}

export const EMAIL_TEMPLATES_PATH = '/email-template';
