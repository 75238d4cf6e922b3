import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';

const NUL = '\u0000';
/** The deepest nesting of arrays and objects a request may have (docs/api.md, "Limits"). */
export const MAX_NESTING_DEPTH = 32;
/** A lone UTF-16 surrogate: PostgreSQL cannot store it (jsonb refuses its escape). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface StringProblem {
  path: string;
  problem: string;
}

/** A value being walked: its parent and its key there, so a path is spelled only for a problem. */
interface Visit {
  value: unknown;
  parent: Visit | null;
  key: string | number;
  depth: number;
}

/** The dotted path of a visit (`items[1].name`), under `root`. */
function pathOf(visit: Visit, root: string): string {
  const keys: (string | number)[] = [];
  for (let v: Visit | null = visit; v && v.parent; v = v.parent) keys.push(v.key);
  let path = root;
  for (let i = keys.length - 1; i >= 0; i--) {
    const k = keys[i];
    path = typeof k === 'number' ? `${path}[${k}]` : path ? `${path}.${k}` : k;
  }
  return path;
}

/**
 * The first string or object key under `value` that PostgreSQL could not store (a NUL character,
 * a lone surrogate), or the first value nested deeper than MAX_NESTING_DEPTH, with its dotted
 * path (`items[1].name`); null when there is none. Iterative, so no body can exhaust the stack;
 * paths are spelled only for the problem found (every request's body passes through here).
 */
export function findUnstorable(value: unknown, root: string): StringProblem | null {
  const stack: Visit[] = [{ value, parent: null, key: '', depth: 0 }];
  while (stack.length > 0) {
    const visit = stack.pop()!;
    const v = visit.value;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return { path: pathOf(visit, root) || 'body', problem: 'must not contain a NUL character (\\u0000)' };
      if (LONE_SURROGATE.test(v)) return { path: pathOf(visit, root) || 'body', problem: 'must be valid Unicode (no lone surrogate)' };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    const depth = visit.depth;
    if (depth >= MAX_NESTING_DEPTH)
      return { path: pathOf(visit, root) || 'body', problem: `is nested deeper than ${MAX_NESTING_DEPTH} levels` };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push({ value: v[i], parent: visit, key: i, depth: depth + 1 });
      continue;
    }
    const keys = Object.keys(v);
    for (let i = keys.length - 1; i >= 0; i--) {
      const k = keys[i];
      const child: Visit = { value: (v as Record<string, unknown>)[k], parent: visit, key: k, depth: depth + 1 };
      if (k.includes(NUL) || LONE_SURROGATE.test(k)) {
        return {
          path: pathOf(child, root).replace(/[\0\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
          problem: 'is not a valid field name',
        };
      }
      stack.push(child);
    }
  }
  return null;
}

/**
 * Refuses what no module can store or walk safely, in any string of a request (body, query,
 * path parameters): a NUL character or a lone surrogate (PostgreSQL refuses them in text and
 * jsonb, which would surface as a 500), and nesting deeper than MAX_NESTING_DEPTH (recursive
 * transformers would exhaust the stack). One global pipe, before validation: a 400
 * validation_error naming the field.
 */
@Injectable()
export class NulCharacterPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    const found = findUnstorable(value, metadata.data ?? '');
    if (found) throw DomainError.invalidField(found.path, found.problem);
    return value;
  }
}
