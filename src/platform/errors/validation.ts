import { ValidationPipe } from '@nestjs/common';
import type { ValidationError } from 'class-validator';
import { DomainError } from './domain-error';

function join(parent: string, property: string, parentIsArray: boolean): string {
  if (parentIsArray && /^\d+$/.test(property)) return `${parent}[${property}]`;
  return parent ? `${parent}.${property}` : property;
}

/**
 * The constraints that say what kind of value a field takes, in the order their message is
 * preferred: a value of the wrong kind fails its range and length checks too, and the message
 * that helps is the one about its kind ("must be an integer number", not "must not be greater
 * than 100").
 */
const KIND_CONSTRAINTS = [
  'isDefined',
  'isArray',
  'isObject',
  'nestedValidation',
  'isString',
  'isInt',
  'isNumber',
  'isBoolean',
  'isMoneyCents',
  'isUnitPrice',
  'isDateTime',
  'isISO8601',
  'isEnum',
  'isIn',
  'isCurrencyCode',
];

/**
 * The one message of a field whose constraints failed: a field not sent is "is required" (and
 * null where null is not allowed "must not be null"), whatever its other checks say; otherwise
 * the first failed check of its kind (KIND_CONSTRAINTS), then the others in declaration order.
 */
export function primaryProblem(error: ValidationError): string {
  const constraints = error.constraints ?? {};
  if ('whitelistValidation' in constraints) return 'is not an allowed field';
  const strip = (message: string) => (message.startsWith(`${error.property} `) ? message.slice(error.property.length + 1) : message);
  const messages = Object.values(constraints).map(strip);
  if (error.value === undefined || error.value === null) {
    // a check of its own about absence (e.g. "is required when …") says more than the default
    const own = messages.find((m) => /\brequired\b/.test(m));
    if (own) return own;
    return error.value === undefined ? 'is required' : 'must not be null';
  }
  const kind = KIND_CONSTRAINTS.find((k) => k in constraints);
  return kind ? strip(constraints[kind]) : messages[0];
}

/** Flattens class-validator's tree into `{ "a.b[1].c": "must be ..." }` (one message per field: primaryProblem). */
export function flattenValidationErrors(errors: ValidationError[], parent = '', parentIsArray = false): Record<string, string> {
  const out: Record<string, string> = {};
  for (const error of errors) {
    const path = join(parent, error.property, parentIsArray);
    if (error.constraints && Object.keys(error.constraints).length > 0) out[path] = primaryProblem(error);
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
