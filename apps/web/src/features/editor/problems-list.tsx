import { Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck } from '@tabler/icons-react';
import type { TLayoutProblem } from '@esigns/contracts/documents';
import { useEditor } from './editor-context';
import { fieldTitle } from './field-catalogue';
import classes from './editor.module.css';

/**
 * What stops the document from being sent (or the template from being used), live. Each entry
 * selects its field (scrolling to it) or opens its recipient.
 */
export function ProblemsList({ problems, onPicked }: { problems: TLayoutProblem[]; onPicked?: () => void }) {
  const { layout, dispatch, viewport, editRecipient, mode } = useEditor();

  if (problems.length === 0) {
    return (
      <Group gap="xs" wrap="nowrap" data-testid="no-problems">
        <ThemeIcon color="teal" variant="light" radius="xl" size="sm">
          <IconCircleCheck size={14} />
        </ThemeIcon>
        <Text size="sm" c="dimmed">
          {mode === 'template' ? 'The template is ready to use.' : 'Everything is ready to send.'}
        </Text>
      </Group>
    );
  }

  const pick = (problem: TLayoutProblem) => {
    const [area, index] = problem.path;
    if (area === 'fields' && typeof index === 'number') {
      const field = layout.fields[index];
      if (field) {
        viewport.current?.scrollToPage(field.page);
        dispatch({ type: 'select', keys: [field.key] });
      }
    } else if (area === 'document_users') {
      const recipient = typeof index === 'number' ? layout.document_users[index] : undefined;
      editRecipient(recipient?.key ?? '');
    }
    onPicked?.();
  };

  const describe = (problem: TLayoutProblem) => {
    const [area, index] = problem.path;
    if (area === 'fields' && typeof index === 'number') {
      const field = layout.fields[index];
      return field ? `${fieldTitle(field)} on page ${field.page}` : null;
    }
    return null;
  };

  return (
    <Stack gap={2} role="list" aria-label="Problems">
      {problems.map((problem, i) => {
        const where = describe(problem);
        return (
          <div role="listitem" key={`${problem.key}-${i}`}>
            <button type="button" className={classes.problem} onClick={() => pick(problem)}>
              <IconAlertTriangle
                size={16}
                color="var(--mantine-color-orange-6)"
                style={{ flex: 'none', marginTop: 2 }}
              />
              <span>
                {problem.message}
                {where && (
                  <Text component="span" size="xs" c="dimmed" display="block">
                    {where}
                  </Text>
                )}
              </span>
            </button>
          </div>
        );
      })}
    </Stack>
  );
}
