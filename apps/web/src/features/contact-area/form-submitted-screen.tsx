import { Button, Group, Text } from '@mantine/core';
import { IconCircleCheck, IconEye, IconForms } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useParams } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { PageFrame, Panel, QueryFailure, StateMessage } from '../../shared/ui/page-kit';
import { SkeletonStack } from '../../shared/ui/list-screen';
import { useStaffForm } from '../form-fill/staff-fill-screen';
import { SessionPacketBanner } from '../workflows/packet/packet-slots';
import { CONTACT_AREA_KEYS } from './contact-area-api';
import { contactFillPaths } from './form-state';

/** `/ap/fb/{formbuilder_code}/{formbuilder_data_id}/status/completed`: the contact sent a form. */
export function ContactFormSubmittedScreen() {
  const { formbuilder_code: code = '', formbuilder_data_id: id = '' } = useParams();
  const form = useStaffForm(code);
  usePageTitle('Form submitted');
  const queryClient = useQueryClient();
  // The forms list read before filling still says "Not filled yet": read it again on the way back.
  useEffect(() => {
    void queryClient.invalidateQueries({ queryKey: CONTACT_AREA_KEYS.allForms });
  }, [queryClient, id]);
  return (
    <PageFrame title={form.data?.name ?? 'Form submitted'}>
      <SessionPacketBanner objectId={id} watchStep />
      {form.isError ? (
        <QueryFailure
          query={form}
          title="Could not open the form"
          noAccess="This form is not shared with you."
        />
      ) : form.isPending ? (
        <SkeletonStack count={2} height={80} />
      ) : (
        <Panel>
          <StateMessage
            icon={<IconCircleCheck size={32} />}
            color="teal"
            title="Form submitted"
            testId="form-completed"
          >
            <Text c="dimmed" size="sm" maw={480}>
              {form.data.settings.thank_you_message || 'Thank you. Your response has been recorded.'}
            </Text>
            <Group gap="sm" mt="sm" justify="center">
              <Button
                variant="light"
                component={Link}
                to={contactFillPaths.submission(code, id)}
                leftSection={<IconEye size={16} />}
              >
                View your answers
              </Button>
              <Button
                variant="default"
                component={Link}
                to="/ap/formbuilder"
                leftSection={<IconForms size={16} />}
              >
                Back to forms
              </Button>
            </Group>
          </StateMessage>
        </Panel>
      )}
    </PageFrame>
  );
}
