import { List, Text } from '@mantine/core';
import { TRANSFER_CODE_TTL_HOURS } from '@esigns/contracts/transfer-account';

/**
 * What handing the workspace over means, for the owner (`otherName` is the new owner) or for the
 * member asked (`otherName` is the owner who asked).
 */
export function TransferConsequences({
  perspective,
  otherName,
  companyName,
}: {
  perspective: 'owner' | 'target';
  otherName: string;
  companyName: string;
}) {
  const rights = 'billing, deleting the workspace and transferring it again';
  const items =
    perspective === 'owner'
      ? [
          <>
            <Text span inherit fw={600}>
              {otherName}
            </Text>{' '}
            becomes the owner of {companyName}: {rights} become theirs alone.
          </>,
          'You become an admin: you keep managing users, documents and settings, but not those.',
          `Nothing changes until ${otherName} enters the code we mail them, within ${TRANSFER_CODE_TTL_HOURS} hours. You can cancel until then.`,
        ]
      : [
          <>
            You become the owner of{' '}
            <Text span inherit fw={600}>
              {companyName}
            </Text>
            : {rights} become yours alone.
          </>,
          `${otherName} stays on as an admin.`,
          'Nothing changes unless you enter the code.',
        ];
  return (
    <List size="sm" spacing={6} data-testid="transfer-consequences">
      {items.map((item, index) => (
        <List.Item key={index}>{item}</List.Item>
      ))}
    </List>
  );
}
