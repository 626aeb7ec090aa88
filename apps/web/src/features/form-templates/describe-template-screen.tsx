import { useMemo, useState } from 'react';
import {
  Alert,
  Badge,
  Button,
  Group,
  Paper,
  SimpleGrid,
  Stack,
  Table,
  Text,
  TextInput,
  Textarea,
} from '@mantine/core';
import { IconSparkles } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { fieldsFromText } from '@esigns/contracts/form-from-text';
import { FORM_FIELD_TYPE_INFO } from '@esigns/contracts/nocode-field-types';
import type { TFormFieldInput } from '@esigns/contracts/nocode-fields';
import { isApiError } from '../../shared/api/api-error';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { ErrorAlert, PageFrame, errorText } from '../../shared/ui/page-kit';
import { createFormTemplate } from './form-templates-api';

const EXAMPLE =
  'Full name\nMobile number\nEmail\nBudget in INR\nPreferred city (Mumbai, Pune, Goa)\nSite visit date\nNotes';

/**
 * `/template/create-with-ai`: a template from a plain description, one field per line. The types
 * and choices are read from the words (`fieldsFromText`, no external service); the result opens in
 * the builder to refine.
 */
export function DescribeTemplateScreen() {
  usePageTitle('Describe a template');
  const navigate = useNavigate();
  const [name, setName] = useState('');
  const [text, setText] = useState('');
  const [error, setError] = useState<unknown>(null);
  const [saving, setSaving] = useState(false);
  const fields = useMemo(() => fieldsFromText(text), [text]);
  const fieldErrors = isApiError(error) ? error.fieldErrors : {};

  const create = async () => {
    setSaving(true);
    setError(null);
    try {
      const template = await createFormTemplate({
        name,
        description: '',
        fields: fields as TFormFieldInput[],
        is_repeatable: false,
        max_entries: null,
      });
      void navigate(`/template/${encodeURIComponent(template._id)}/edit`);
    } catch (err) {
      setError(err);
    } finally {
      setSaving(false);
    }
  };

  return (
    <PageFrame
      title="Describe a template"
      description="Write the fields you need, one per line; choices go in brackets. Refine the result in the builder."
    >
      {Boolean(error) && <ErrorAlert>{errorText(error)}</ErrorAlert>}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="lg">
        <Paper withBorder p="md" radius="md">
          <Stack>
            <TextInput
              label="Template name"
              required
              value={name}
              onChange={(e) => setName(e.currentTarget.value)}
              error={fieldErrors.name}
            />
            <Textarea
              label="Fields"
              description="e.g. “Status (New, Visited, Won)”, “Budget in INR”, “Is the buyer pre-approved?”"
              placeholder={EXAMPLE}
              minRows={12}
              value={text}
              onChange={(e) => setText(e.currentTarget.value)}
              error={fieldErrors.fields}
            />
            <Group justify="space-between">
              <Button variant="subtle" size="xs" onClick={() => setText(EXAMPLE)}>
                Use the example
              </Button>
              <Button
                leftSection={<IconSparkles size={16} />}
                onClick={() => void create()}
                loading={saving}
                disabled={!name.trim() || fields.length === 0}
              >
                Create and open in the builder
              </Button>
            </Group>
          </Stack>
        </Paper>
        <Paper withBorder p="md" radius="md">
          <Text fw={600} mb="sm">
            {fields.length} field{fields.length === 1 ? '' : 's'}
          </Text>
          {fields.length === 0 ? (
            <Alert variant="light">The fields you describe show here with the type each one gets.</Alert>
          ) : (
            <Table verticalSpacing={6} data-testid="described-fields">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Field</Table.Th>
                  <Table.Th>Type</Table.Th>
                  <Table.Th>Choices</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {fields.map((field, index) => (
                  <Table.Tr key={field.key}>
                    <Table.Td>
                      {field.label}
                      {field.required && (
                        <Text span c="red">
                          {' '}
                          *
                        </Text>
                      )}
                      {fieldErrors[`fields.${index}.key`] && (
                        <Text size="xs" c="red">
                          {fieldErrors[`fields.${index}.key`]}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Badge variant="light" tt="none">
                        {FORM_FIELD_TYPE_INFO[field.type].label}
                      </Badge>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm" c="dimmed">
                        {field.options?.map((o) => o.value).join(', ') ?? ''}
                      </Text>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Paper>
      </SimpleGrid>
    </PageFrame>
  );
}
