import type { ReactNode } from 'react';
import { Card, Group, SimpleGrid, Skeleton, Text, ThemeIcon, UnstyledButton } from '@mantine/core';
import { IconChevronRight } from '@tabler/icons-react';
import { useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { NoAccess, PageFrame, Panel } from '../../shared/ui/page-kit';
import { useCan } from '../../shared/permissions/use-can';
import { CARD_TYPES } from './card-types';
import { BackToRequestsButton } from './request-form-screen';

/** The request form for a card type (and contact, when one was chosen already). */
export function requestFormPath(cardTypeSlug: string, contactId?: string): string {
  const query = new URLSearchParams({ card_type: cardTypeSlug });
  if (contactId) query.set('contact_id', contactId);
  return `/request-documents/upload?${query.toString()}`;
}

/**
 * /request-documents/select-card-type and /request-documents/select-card-type/{contact_id}: the
 * first step of a request, choosing what to ask for; the contact (from the address) is carried on.
 */
export function SelectCardTypeScreen() {
  usePageTitle('Select card type');
  const { contact_id: contactId } = useParams();
  const navigate = useNavigate();
  const rights = useCan();
  const frame = (content: ReactNode) => (
    <PageFrame
      title="What do you need?"
      description="Choose the document to ask your client for. You pick the client and a due date next."
      actions={<BackToRequestsButton />}
    >
      {content}
    </PageFrame>
  );

  if (rights.isLoading) return frame(<Skeleton h={240} radius="md" aria-busy="true" />);
  if (!rights.can('request-documents:create')) {
    return frame(
      <Panel>
        <NoAccess>Your user type cannot request documents. Ask an owner or admin if you need to.</NoAccess>
      </Panel>,
    );
  }
  return frame(
    <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="md" maw={960}>
      {CARD_TYPES.map((type) => {
        const Icon = type.icon;
        return (
          <UnstyledButton
            key={type.slug}
            onClick={() => navigate(requestFormPath(type.slug, contactId))}
            aria-label={type.label}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          >
            <Card withBorder radius="md" padding="lg" h="100%" className="card-type-option">
              <Group wrap="nowrap" align="flex-start" gap="md">
                <ThemeIcon size={44} radius="md" variant="light">
                  <Icon size={24} />
                </ThemeIcon>
                <div style={{ flex: 1, minWidth: 0 }}>
                  <Text fw={600}>{type.label}</Text>
                  <Text size="sm" c="dimmed">
                    {type.description}
                  </Text>
                </div>
                <IconChevronRight
                  size={18}
                  color="var(--mantine-color-gray-5)"
                  style={{ alignSelf: 'center' }}
                />
              </Group>
            </Card>
          </UnstyledButton>
        );
      })}
    </SimpleGrid>,
  );
}
