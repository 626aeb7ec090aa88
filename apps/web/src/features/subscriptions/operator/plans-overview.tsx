import { Badge, Skeleton, Stack, Table, Text, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { PLAN_LIMITS, PLAN_LIMIT_LABELS } from '@esigns/contracts/subscriptions';
import { QueryFailure } from '../../../shared/ui/page-kit';
import { allowanceText, priceText } from '../plan-format';
import { OPERATOR_KEYS, fetchProductsAndPlans } from './operator-api';

/** Every product and its plans with prices and limits (new ones come from `/createPlan`). */
export function PlansOverview() {
  const query = useQuery({
    queryKey: OPERATOR_KEYS.products,
    queryFn: ({ signal }) => fetchProductsAndPlans(signal),
  });
  if (query.isError) return <QueryFailure query={query} title="Could not load the plans" />;
  if (!query.data) return <Skeleton h={200} />;
  return (
    <Stack gap="lg">
      {query.data.map((product) => (
        <Stack key={product._id} gap="xs" data-testid={`product-${product.code}`}>
          <Title order={4}>
            {product.name}{' '}
            <Text span c="dimmed" size="sm" ff="monospace">
              {product.code}
            </Text>
          </Title>
          <Table.ScrollContainer minWidth={820}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Plan</Table.Th>
                  <Table.Th>Monthly</Table.Th>
                  <Table.Th>Yearly</Table.Th>
                  {PLAN_LIMITS.map((limit) => (
                    <Table.Th key={limit}>{PLAN_LIMIT_LABELS[limit]}</Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {product.plans.map((plan) => (
                  <Table.Tr key={plan._id}>
                    <Table.Td>
                      <Text size="sm" fw={500}>
                        {plan.name}
                      </Text>
                      {!plan.active && (
                        <Badge color="gray" variant="light" size="xs">
                          Inactive
                        </Badge>
                      )}
                    </Table.Td>
                    <Table.Td>{priceText(plan, 'month')}</Table.Td>
                    <Table.Td>{priceText(plan, 'year')}</Table.Td>
                    {PLAN_LIMITS.map((limit) => (
                      <Table.Td key={limit}>{allowanceText(limit, plan.limits[limit])}</Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        </Stack>
      ))}
      <Text size="xs" c="dimmed">
        Products and plans are added with `POST /api/createProduct` and `POST /api/createPlan` (see
        /api/docs).
      </Text>
    </Stack>
  );
}
