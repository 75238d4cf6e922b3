import { ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import { DomainError } from './domain-error';

function join(parent: string, property: string, parentIsArray: boolean): string {
  if (parentIsArray && /^\d+$/.test(property)) return `${parent}[${property}]`;
  return parent ? `${parent}.${property}` : property;
}

/** Flattens class-validator's tree into `{ "a.b[1].c": "must be ..." }`. */
export function flattenValidationErrors(errors: ValidationError[], parent = '', parentIsArray = false): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors) {
    const path = join(parent, error.property, parentIsArray);
    if (error.constraints) {
      const [key, message] = Object.entries(error.constraints)[0];
      out[path] =
        key === 'whitelistValidation'
          ? 'is not an allowed field'
          : message.startsWith(`${error.property} `)
            ? message.slice(error.property.length + 1)
            : message;
    }
    if (error.children && error.children.length > 0) {
      Object.assign(out, flattenValidationErrors(error.children, path, Array.isArray(error.value)));
    }
  }
  return out;
}

export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    forbidUnknownValues: false,
    transform: true,
    validationError: { target: false, value: true },
    exceptionFactory: (errors) => DomainError.validation(flattenValidationErrors(errors)),
  });
}
