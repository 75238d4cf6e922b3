import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';

const NUL = '\u0000';
/** The deepest nesting of arrays and objects a request may have (README "Limits"). */
export const MAX_NESTING_DEPTH = 32;
/** A lone UTF-16 surrogate: PostgreSQL cannot store it (jsonb refuses its escape). */
const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

export interface StringProblem {
  path: string;
  problem: string;
}

/**
 * The first string or object key under `value` that PostgreSQL could not store (a NUL character,
 * a lone surrogate), or the first value nested deeper than MAX_NESTING_DEPTH, with its dotted
 * path (`items[1].name`); null when there is none. Iterative, so no body can exhaust the stack.
 */
export function findUnstorable(value: unknown, root: string): StringProblem | null {
  const stack: [unknown, string, number][] = [[value, root, 0]];
  while (stack.length > 0) {
    const [v, path, depth] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return { path: path || 'body', problem: 'must not contain a NUL character (\\u0000)' };
      if (LONE_SURROGATE.test(v)) return { path: path || 'body', problem: 'must be valid Unicode (no lone surrogate)' };
      continue;
    }
    if (v === null || typeof v !== 'object') continue;
    if (depth >= MAX_NESTING_DEPTH) return { path: path || 'body', problem: `is nested deeper than ${MAX_NESTING_DEPTH} levels` };
    if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}[${i}]`, depth + 1]);
      continue;
    }
    const entries = Object.entries(v as Record<string, unknown>);
    for (let i = entries.length - 1; i >= 0; i--) {
      const [k, child] = entries[i];
      const childPath = path ? `${path}.${k}` : k;
      if (k.includes(NUL) || LONE_SURROGATE.test(k)) {
        return {
          path: childPath.replace(/[\0\ud800-\udfff]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`),
          problem: 'is not a valid field name',
        };
      }
      stack.push([child, childPath, depth + 1]);
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
