import type { UserType } from '@esigns/contracts/auth';

export const USER_TYPE_LABELS: Record<UserType, string> = {
  OWNER: 'Owner',
  ADMIN: 'Admin',
  MANAGER: 'Manager',
  MEMBER: 'Member',
};

/** The list with `item` in it (`on`) or without it, in the order given by `order` when known. */
export function toggled<T>(list: readonly T[], item: T, on: boolean, order?: readonly T[]): T[] {
  const next = on ? (list.includes(item) ? [...list] : [...list, item]) : list.filter((x) => x !== item);
  return order ? order.filter((x) => next.includes(x)) : next;
}
