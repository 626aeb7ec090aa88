import { Button, ScrollArea, Tabs } from '@mantine/core';
import { IconFileSearch, IconSend } from '@tabler/icons-react';
import { Link, useNavigate, useParams } from 'react-router';
import { usePageTitle } from '../../shared/branding/use-page-title';
import { useCan } from '../../shared/permissions/use-can';
import { ListScreen, ListView, useListQuery } from '../../shared/ui/list-screen';
import { CARD_TYPES, cardTypeLabel, cardTypeSegment, findCardType } from './card-types';
import { REQUEST_KEYS, fetchRequests, type RequestStatus } from './request-documents-api';
import { STATUS_FILTERS, requestCard, requestColumns } from './request-rows';

export { RequestStatusBadge, isOverdue } from './request-rows';

export const REQUESTS_PAGE_SIZE = 10;

/** The card types as tabs ("All" first); the one in the address is picked. */
function CardTypeTabs({ value, label, onChange }: { value: string; label: string; onChange: () => void }) {
  const navigate = useNavigate();
  const tabs = [{ slug: 'all', label: 'All' }, ...CARD_TYPES.filter((type) => type.slug !== 'other')];
  if (!tabs.some((tab) => tab.slug === value)) tabs.push({ slug: value, label });
  return (
    <ScrollArea type="scroll" scrollbarSize={6}>
      <Tabs
        value={value}
        onChange={(next) => {
          if (!next) return;
          onChange();
          navigate(
            next === 'all' ? '/request-documents/all' : `/request-documents/all/${encodeURIComponent(next)}`,
          );
        }}
        variant="pills"
      >
        <Tabs.List style={{ flexWrap: 'nowrap' }}>
          {tabs.map((tab) => (
            <Tabs.Tab key={tab.slug} value={tab.slug}>
              {tab.label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
    </ScrollArea>
  );
}

/**
 * /request-documents/all and /request-documents/all/{card_type}: the documents the company asked
 * its contacts for, by card type (tabs), server-paged with search and status; review uploaded
 * ones (approve, reject) and edit requests.
 */
export function RequestListScreen() {
  usePageTitle('Requested documents');
  const { card_type: segment = 'all' } = useParams();
  const rights = useCan();
  const canView = rights.can('request-documents:view');
  const canCreate = rights.can('request-documents:create');
  const isAll = segment.toLowerCase() === 'all';
  const cardType = isAll ? 'all' : cardTypeLabel(segment);
  const list = useListQuery({
    pageSize: REQUESTS_PAGE_SIZE,
    filters: { status: '' as RequestStatus | '' },
    queryKey: (params) => REQUEST_KEYS.page(cardType, params),
    queryFn: (params, signal) => fetchRequests(cardType, params, signal),
    enabled: canView,
  });

  const newRequestPath =
    isAll || !findCardType(segment)
      ? '/request-documents/select-card-type'
      : `/request-documents/upload?card_type=${encodeURIComponent(cardTypeSegment(cardType))}`;
  const requestButton = canCreate && (
    <Button component={Link} to={newRequestPath} leftSection={<IconSend size={16} />}>
      Request a document
    </Button>
  );
  return (
    <ListScreen
      title="Requested documents"
      description="Ask your clients for their PAN card, Aadhaar, sale deed and other papers, and review what they upload."
      actions={requestButton}
      rights={rights}
      canView={canView}
      list={list}
      noAccess="Your user type cannot see document requests."
      toolbar={
        <CardTypeTabs
          value={isAll ? 'all' : (findCardType(segment)?.slug ?? segment)}
          label={cardType}
          onChange={() => list.setPage(1)}
        />
      }
      search={{ label: 'Search requests', placeholder: 'Search contact name or email', width: 300 }}
      selects={[{ key: 'status', label: 'Filter by status', data: STATUS_FILTERS, width: 170 }]}
    >
      <ListView
        list={list}
        errorTitle="Could not load the requests"
        empty={{
          testId: 'requests-empty',
          icon: IconFileSearch,
          title: isAll ? 'No requests yet' : `No ${cardType} requests yet`,
          text: 'Ask a client for a document: they get an email with a link to upload it, and you review it here.',
          actions: requestButton,
          filtered: { title: 'No requests match', text: 'Try another search or status.' },
        }}
        columns={requestColumns(rights)}
        card={requestCard(rights)}
        rowTestId="request-row"
        minWidth={860}
      />
    </ListScreen>
  );
}
