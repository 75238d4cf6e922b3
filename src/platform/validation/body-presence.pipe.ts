import { ArgumentMetadata, Injectable, PipeTransform } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validateSync } from 'class-validator';
import { DomainError } from '../errors/domain-error';
import { flattenValidationErrors } from '../errors/validation';

/**
 * A route expects a body when its body DTO has a required field, i.e. when `{}` would not pass
 * its validation (README "Conventions", "Request bodies"). Such a route sent no body at all is
 * a 400 `missing_body` (with the required fields in validation_errors); a route whose body is
 * all optional (an action such as a refund or a cancellation with its defaults) reads a missing
 * body as `{}`.
 */
@Injectable()
export class BodyPresencePipe implements PipeTransform {
  private readonly required = new WeakMap<object, Record<string, string> | null>();

  transform(value: unknown, metadata: ArgumentMetadata): unknown {
    if (value !== undefined || metadata.type !== 'body' || metadata.data !== undefined) return value;
    const type = metadata.metatype;
    if (!type || type === Object || type === Array || type === String || type === Number || type === Boolean) return value;
    let problems = this.required.get(type);
    if (problems === undefined) {
      const errors = validateSync(plainToInstance(type, {}) as object, { whitelist: true, forbidUnknownValues: false });
      problems = errors.length > 0 ? flattenValidationErrors(errors) : null;
      this.required.set(type, problems);
    }
    if (problems) {
      throw new DomainError('missing_body', 'validation', 'this request needs a JSON body (Content-Type: application/json)', problems);
    }
    return value;
  }
}
