import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { ConfigureFrame } from './configure-frame';
import { EDITOR_QUERY_OPTIONS, NextStepButton } from './configure-document-screen';
import { EDITOR_KEYS, fetchConfigurableDocument } from './editor-api';

/**
 * /company-documents/{document_id}/configure/template/{template_id}: the editor for a template
 * (`template_id` is its configurable document). Recipients are roles; "Done" saves and returns to
 * /templates (a template may be left with problems; it cannot be sent until they are fixed).
 */
export function ConfigureTemplateScreen() {
  const { template_id: templateId = '' } = useParams();
  const navigate = useNavigate();
  const query = useQuery({
    queryKey: EDITOR_KEYS.template(templateId),
    queryFn: ({ signal }) => fetchConfigurableDocument(templateId, signal),
    ...EDITOR_QUERY_OPTIONS,
  });
  return (
    <ConfigureFrame
      query={query}
      mode="template"
      backTo="/templates"
      primaryAction={(context) => (
        <NextStepButton
          context={context}
          label="Done"
          requireNoProblems={false}
          onReady={() => navigate('/templates')}
        />
      )}
    />
  );
}
