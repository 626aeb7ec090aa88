/*
 * FORMULA fields: arithmetic over other fields of the same template, computed the same way in the
 * browser (live preview, record forms) and on the server (saved values).
 *
 *   {price} * {quantity} * (1 + {gst_rate} / 100)
 *   ROUND(SUM({items.amount}) * 0.18, 2)
 *   IF({area} > 1000, {area} * 45, {area} * 50)
 *
 * - `{key}`: the number in another field (an empty field counts as 0);
 * - `{table.column}`: every row's number in a data table column; only inside SUM, AVG, MIN, MAX
 *   and COUNT (which skip empty cells);
 * - operators `+ - * / % ^`, comparisons `> < >= <= == !=` (1 or 0), parentheses;
 * - functions SUM, AVG, MIN, MAX, COUNT, ROUND(x[, places]), FLOOR, CEIL, ABS, IF(test, then, else).
 * Division by zero and results that are not finite numbers give an empty value, never an error.
 */

export const FORMULA_FUNCTIONS = [
  'SUM',
  'AVG',
  'MIN',
  'MAX',
  'COUNT',
  'ROUND',
  'FLOOR',
  'CEIL',
  'ABS',
  'IF',
] as const;
export type TFormulaFunction = (typeof FORMULA_FUNCTIONS)[number];
const LIST_FUNCTIONS: ReadonlySet<string> = new Set(['SUM', 'AVG', 'MIN', 'MAX', 'COUNT']);
const ARITY: Record<TFormulaFunction, [number, number]> = {
  SUM: [1, 100],
  AVG: [1, 100],
  MIN: [1, 100],
  MAX: [1, 100],
  COUNT: [1, 100],
  ROUND: [1, 2],
  FLOOR: [1, 1],
  CEIL: [1, 1],
  ABS: [1, 1],
  IF: [3, 3],
};

type BinaryOp = '+' | '-' | '*' | '/' | '%' | '^' | '>' | '<' | '>=' | '<=' | '==' | '!=';

export type TFormulaRef = { key: string; column?: string };
export type TFormulaNode =
  | { kind: 'number'; value: number }
  | { kind: 'ref'; ref: TFormulaRef }
  | { kind: 'negate'; operand: TFormulaNode }
  | { kind: 'binary'; op: BinaryOp; left: TFormulaNode; right: TFormulaNode }
  | { kind: 'call'; name: TFormulaFunction; args: TFormulaNode[] };

export type TParsedFormula =
  { ok: true; ast: TFormulaNode; refs: TFormulaRef[] } | { ok: false; message: string };

type Token =
  | { t: 'num'; v: number; at: number }
  | { t: 'ref'; v: TFormulaRef; at: number }
  | { t: 'name'; v: string; at: number }
  | { t: 'op'; v: string; at: number }
  | { t: 'end'; at: number };

const MAX_TOKENS = 500;
const MAX_DEPTH = 40;

class FormulaSyntaxError extends Error {}

function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  const pattern =
    /\s+|(\d+(?:\.\d+)?|\.\d+)|\{([a-z][a-z0-9_]*)(?:\.([a-z][a-z0-9_]*))?\}|([A-Za-z_]+)|(>=|<=|==|!=|[-+*/%^(),<>])|(.)/gy;
  let match: RegExpExecArray | null;
  while ((match = pattern.exec(source)) !== null) {
    const at = match.index;
    if (match[1] !== undefined) tokens.push({ t: 'num', v: Number(match[1]), at });
    else if (match[2] !== undefined) {
      tokens.push({ t: 'ref', v: match[3] ? { key: match[2], column: match[3] } : { key: match[2] }, at });
    } else if (match[4] !== undefined) tokens.push({ t: 'name', v: match[4].toUpperCase(), at });
    else if (match[5] !== undefined) tokens.push({ t: 'op', v: match[5], at });
    else if (match[6] !== undefined) {
      const hint = match[6] === '{' ? ': write fields as {field_key} (lowercase key)' : '';
      throw new FormulaSyntaxError(`Unexpected "${match[6]}" at position ${at + 1}${hint}`);
    }
    if (tokens.length > MAX_TOKENS) throw new FormulaSyntaxError('The formula is too long');
    if (pattern.lastIndex === source.length) break;
  }
  tokens.push({ t: 'end', at: source.length });
  return tokens;
}

/** Parses a formula; the references it uses come back in `refs` (each once). */
export function parseFormula(source: string): TParsedFormula {
  let tokens: Token[];
  try {
    tokens = tokenize(source);
  } catch (err) {
    return { ok: false, message: (err as Error).message };
  }
  let pos = 0;
  const refs: TFormulaRef[] = [];
  const peek = () => tokens[pos]!;
  const isOp = (v: string) => peek().t === 'op' && (peek() as { v: string }).v === v;
  const expect = (v: string) => {
    if (!isOp(v)) throw new FormulaSyntaxError(`Expected "${v}" at position ${peek().at + 1}`);
    pos += 1;
  };

  const binaryLevel =
    (ops: string[], next: (depth: number) => TFormulaNode) =>
    (depth: number): TFormulaNode => {
      let left = next(depth);
      while (peek().t === 'op' && ops.includes((peek() as { v: string }).v)) {
        const op = (tokens[pos] as { v: string }).v as BinaryOp;
        pos += 1;
        left = { kind: 'binary', op, left, right: next(depth) };
      }
      return left;
    };

  const primary = (depth: number, inList: boolean): TFormulaNode => {
    if (depth > MAX_DEPTH) throw new FormulaSyntaxError('The formula is nested too deeply');
    const token = peek();
    if (token.t === 'num') {
      pos += 1;
      return { kind: 'number', value: token.v };
    }
    if (token.t === 'ref') {
      pos += 1;
      if (token.v.column && !inList) {
        throw new FormulaSyntaxError(
          `{${token.v.key}.${token.v.column}} is a table column: use it inside SUM, AVG, MIN, MAX or COUNT`,
        );
      }
      if (!refs.some((r) => r.key === token.v.key && r.column === token.v.column)) refs.push(token.v);
      return { kind: 'ref', ref: token.v };
    }
    if (token.t === 'name') {
      const name = token.v as TFormulaFunction;
      if (!(FORMULA_FUNCTIONS as readonly string[]).includes(name)) {
        throw new FormulaSyntaxError(
          `Unknown function ${token.v} (use ${FORMULA_FUNCTIONS.join(', ')}; fields are written {key})`,
        );
      }
      pos += 1;
      expect('(');
      const args: TFormulaNode[] = [];
      if (!isOp(')')) {
        do {
          if (args.length > 0) pos += 1;
          const listArg = LIST_FUNCTIONS.has(name) && peek().t === 'ref' && tokens[pos + 1]?.t === 'op';
          args.push(listArg ? primaryThenRest(depth + 1, true) : expression(depth + 1));
        } while (isOp(','));
      }
      expect(')');
      const [min, max] = ARITY[name];
      if (args.length < min || args.length > max) {
        throw new FormulaSyntaxError(
          `${name} takes ${min === max ? min : `${min} to ${max}`} argument${max === 1 ? '' : 's'}`,
        );
      }
      return { kind: 'call', name, args };
    }
    if (isOp('(')) {
      pos += 1;
      const inner = expression(depth + 1);
      expect(')');
      return inner;
    }
    if (isOp('-') || isOp('+')) {
      const negative = isOp('-');
      pos += 1;
      const operand = power(depth + 1);
      return negative ? { kind: 'negate', operand } : operand;
    }
    if (token.t === 'end') throw new FormulaSyntaxError('The formula ends too early');
    throw new FormulaSyntaxError(`Unexpected "${(token as { v: string }).v}" at position ${token.at + 1}`);
  };

  // A list function's argument that is a bare column reference; anything else parses normally.
  const primaryThenRest = (depth: number, inList: boolean): TFormulaNode => {
    const start = pos;
    const node = primary(depth, inList);
    if (isOp(',') || isOp(')')) return node;
    pos = start;
    return expression(depth);
  };

  const power = (depth: number): TFormulaNode => {
    const base = primary(depth, false);
    if (isOp('^')) {
      pos += 1;
      return { kind: 'binary', op: '^', left: base, right: power(depth + 1) };
    }
    return base;
  };
  const product = binaryLevel(['*', '/', '%'], power);
  const sum = binaryLevel(['+', '-'], product);
  const expression = binaryLevel(['>', '<', '>=', '<=', '==', '!='], sum);

  try {
    const ast = expression(0);
    if (peek().t !== 'end') {
      const token = peek() as { v: unknown; at: number };
      throw new FormulaSyntaxError(`Unexpected "${String(token.v)}" at position ${token.at + 1}`);
    }
    return { ok: true, ast, refs };
  } catch (err) {
    if (err instanceof FormulaSyntaxError) return { ok: false, message: err.message };
    throw err;
  }
}

/** A reference's value: a number (or null when empty) for fields, a list for table columns. */
export type TFormulaResolver = (ref: TFormulaRef) => number | null | (number | null)[];

/** Evaluates a parsed formula; null for an empty result (division by zero, no rows...). */
export function evaluateFormula(ast: TFormulaNode, resolve: TFormulaResolver): number | null {
  const value = evaluateNode(ast, resolve);
  return value === null || !Number.isFinite(value) ? null : value;
}

function scalarOf(node: TFormulaNode, resolve: TFormulaResolver): number | null {
  if (node.kind === 'ref') {
    const value = resolve(node.ref);
    if (Array.isArray(value)) return null;
    return value ?? 0;
  }
  return evaluateNode(node, resolve);
}

function evaluateNode(node: TFormulaNode, resolve: TFormulaResolver): number | null {
  switch (node.kind) {
    case 'number':
      return node.value;
    case 'ref':
      return scalarOf(node, resolve);
    case 'negate': {
      const value = evaluateNode(node.operand, resolve);
      return value === null ? null : -value;
    }
    case 'binary':
      return evaluateBinary(node.op, scalarOf(node.left, resolve), scalarOf(node.right, resolve));
    case 'call':
      return evaluateCall(node, resolve);
    default: {
      const exhaustive: never = node;
      return exhaustive;
    }
  }
}

function evaluateBinary(op: BinaryOp, a: number | null, b: number | null): number | null {
  if (a === null || b === null) return null;
  switch (op) {
    case '+':
      return a + b;
    case '-':
      return a - b;
    case '*':
      return a * b;
    case '/':
      return b === 0 ? null : a / b;
    case '%':
      return b === 0 ? null : a % b;
    case '^':
      return a ** b;
    case '>':
      return a > b ? 1 : 0;
    case '<':
      return a < b ? 1 : 0;
    case '>=':
      return a >= b ? 1 : 0;
    case '<=':
      return a <= b ? 1 : 0;
    case '==':
      return a === b ? 1 : 0;
    case '!=':
      return a !== b ? 1 : 0;
    default: {
      const exhaustive: never = op;
      return exhaustive;
    }
  }
}

function evaluateCall(
  node: Extract<TFormulaNode, { kind: 'call' }>,
  resolve: TFormulaResolver,
): number | null {
  if (LIST_FUNCTIONS.has(node.name)) {
    const items: number[] = [];
    for (const arg of node.args) {
      const value = arg.kind === 'ref' ? resolve(arg.ref) : evaluateNode(arg, resolve);
      for (const item of Array.isArray(value) ? value : [value]) if (item !== null) items.push(item);
    }
    if (node.name === 'COUNT') return items.length;
    if (node.name === 'SUM') return items.reduce((a, b) => a + b, 0);
    if (items.length === 0) return null;
    if (node.name === 'AVG') return items.reduce((a, b) => a + b, 0) / items.length;
    return node.name === 'MIN' ? Math.min(...items) : Math.max(...items);
  }
  const args = node.args.map((arg) => scalarOf(arg, resolve));
  const [x, y] = args;
  if (node.name === 'IF') return x === null ? null : x !== 0 ? (args[1] ?? null) : (args[2] ?? null);
  if (x === null || x === undefined) return null;
  switch (node.name) {
    case 'ROUND':
      return roundTo(x, y ?? 0);
    case 'FLOOR':
      return Math.floor(x);
    case 'CEIL':
      return Math.ceil(x);
    case 'ABS':
      return Math.abs(x);
    default:
      return null;
  }
}

/** Rounds half away from zero to `places` decimals (0-10), without binary floating-point drift. */
export function roundTo(value: number, places: number): number {
  const p = Math.max(0, Math.min(10, Math.trunc(places)));
  const factor = 10 ** p;
  const scaled = Math.abs(value) * factor;
  const rounded = Math.round(Number(scaled.toPrecision(15))) / factor;
  return value < 0 ? -rounded : rounded;
}
