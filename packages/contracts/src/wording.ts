/**
 * Words shared by the server's messages and the web's: a count always with its noun in the right
 * number ("1 record", "2 records", "1,250 records").
 */

/** The plural of a noun of this product's messages (record, entity, address, file...). */
export function pluralOf(noun: string): string {
  if (/[^aeiou]y$/i.test(noun)) return `${noun.slice(0, -1)}ies`;
  if (/(s|x|z|ch|sh)$/i.test(noun)) return `${noun}es`;
  return `${noun}s`;
}

/** `count` and the noun in the right number, the count with thousands separators. */
export function countOf(count: number, one: string, many: string = pluralOf(one)): string {
  return `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;
}
