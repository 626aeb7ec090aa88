import { Box, Button, Flex, Text } from '@mantine/core';
import { IconArrowLeft, IconArrowRight, IconDeviceFloppy, IconSend } from '@tabler/icons-react';
import type { TFormSubmission } from '@esigns/contracts/form-builders';
import { formatDateTime } from '../../shared/format/date';
import type { FillFlow } from './use-fill-flow';

/**
 * Back, "Save for later" and Next or Submit; on a phone the main button is full width on top.
 * Next and Submit wait for a page's acceptance and a required document's signature.
 */
export function StepNav({ flow }: { flow: FillFlow }) {
  const step = flow.current;
  const needsAccept =
    (step?.type === 'STATIC' && step.require_accept && !flow.accepted) ||
    (step?.type === 'DOCUMENT' && step.required && !flow.isDone(step.id));
  const isBusy = flow.save.isPending || flow.submit.isPending;
  const next = () => flow.save.mutate({ complete: true });
  const finish = async () => {
    let saved: TFormSubmission | null;
    try {
      saved = await flow.save.mutateAsync({ complete: true });
    } catch {
      return; // The step shows why.
    }
    flow.submit.mutate(saved ?? flow.submission);
  };
  return (
    <Box>
      <Flex direction={{ base: 'column-reverse', sm: 'row' }} gap="sm" justify="space-between">
        <Flex gap="sm" direction={{ base: 'row', sm: 'row' }}>
          <Button
            variant="default"
            leftSection={<IconArrowLeft size={16} />}
            disabled={flow.position === 0 || isBusy}
            onClick={flow.goBack}
            flex={{ base: 1, sm: 'none' }}
          >
            Back
          </Button>
          {step?.type !== 'STATIC' && step?.type !== 'DOCUMENT' && (
            <Button
              variant="subtle"
              leftSection={<IconDeviceFloppy size={16} />}
              loading={flow.save.isPending && flow.save.variables.complete === false}
              disabled={isBusy}
              onClick={() => flow.save.mutate({ complete: false })}
              flex={{ base: 1, sm: 'none' }}
            >
              Save for later
            </Button>
          )}
        </Flex>
        {flow.isLast ? (
          <Button
            size="md"
            rightSection={<IconSend size={16} />}
            loading={isBusy}
            disabled={needsAccept}
            onClick={() => void finish()}
          >
            Submit
          </Button>
        ) : (
          <Button
            size="md"
            rightSection={<IconArrowRight size={16} />}
            loading={flow.save.isPending && flow.save.variables.complete}
            disabled={needsAccept || isBusy}
            onClick={next}
          >
            Next
          </Button>
        )}
      </Flex>
      {flow.savedAt && (
        <Text size="xs" c="dimmed" ta="center" mt="xs" role="status">
          Saved {formatDateTime(flow.savedAt)}. You can come back and finish later.
        </Text>
      )}
    </Box>
  );
}
