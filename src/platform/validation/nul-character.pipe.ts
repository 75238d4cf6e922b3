import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { DomainError } from '../errors/domain-error';

const NUL = '\u0000';

/**
 * The dotted path (`items[1].name`) of the first string or object key under `value` that holds
 * a NUL character, or null. Iterative, so a deeply nested body cannot exhaust the stack.
 */
export function findNulCharacter(value: unknown, root: string): string | null {
  const stack: [unknown, string][] = [[value, root]];
  while (stack.length > 0) {
    const [v, path] = stack.pop()!;
    if (typeof v === 'string') {
      if (v.includes(NUL)) return path || 'body';
    } else if (Array.isArray(v)) {
      for (let i = v.length - 1; i >= 0; i--) stack.push([v[i], `${path}[${i}]`]);
    } else if (v !== null && typeof v === 'object') {
      const entries = Object.entries(v as Record<string, unknown>);
      for (let i = entries.length - 1; i >= 0; i--) {
        const [k, child] = entries[i];
        const childPath = path ? `${path}.${k}` : k;
        if (k.includes(NUL)) return childPath.replace(/\u0000/g, '\\u0000');
        stack.push([child, childPath]);
      }
    }
  }
  return null;
}

/**
 * Refuses a NUL character in any string of a request (body, query, path parameters): PostgreSQL
 * cannot store it in text or jsonb, so it would otherwise surface as a 500. One global pipe,
 * before validation: a 400 validation_error naming the field.
 */
@Injectable()
export class NulCharacterPipe implements PipeTransform {
  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (metadata.type === 'custom') return value;
    const path = findNulCharacter(value, metadata.data ?? '');
    if (path !== null) throw DomainError.invalidField(path, 'must not contain a NUL character (\\u0000)');
    return value;
  }
}
