import { Button, Text } from '@mantine/core';
import { IconFileText, IconGitBranch } from '@tabler/icons-react';
import { Link } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { PageFrame, Panel, StateMessage } from '../../shared/ui/page-kit';

/**
 * `/ap/workflows`: workflows shared with the contact. The workflows capability is not built yet:
 * nothing is shared, so the screen says what will appear here (it makes no call).
 */
export function ContactWorkflowsScreen() {
  usePageTitle('Workflows');
  return (
    <PageFrame title="Workflows" description="Processes the company runs with you, step by step.">
      <Panel>
        <StateMessage
          icon={<IconGitBranch size={28} />}
          title="No workflows shared with you"
          testId="workflows-empty"
        >
          <Text c="dimmed" size="sm" maw={440}>
            Workflows shared with you appear here. Until then, documents to sign and forms to fill come
            straight to your documents and forms.
          </Text>
          <Button
            mt="sm"
            variant="light"
            component={Link}
            to="/ap/documents"
            leftSection={<IconFileText size={16} />}
          >
            Go to your documents
          </Button>
        </StateMessage>
      </Panel>
    </PageFrame>
  );
}
