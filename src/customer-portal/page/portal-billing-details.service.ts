import { Injectable } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { validate, ValidationError } from 'class-validator';
import { CustomersService } from '../../customers/customers.service';
import { UpdateCustomerDto } from '../../customers/dto/customer.dto';
import { DomainError } from '../../platform/errors/domain-error';
import { billingDetailsUpdate, postedBillingDetails } from './billing-details';

/**
 * Saves the billing details a customer posts from the portal through the customers module's own
 * update (`CustomersService.update`, as `PATCH /customers/{id}`), after the same class-validator
 * checks the API's body gets: the portal cannot store what the API would refuse.
 */
@Injectable()
export class PortalBillingDetails {
  constructor(private readonly customers: CustomersService) {}

  async save(companyId: string, customerId: string, body: Record<string, unknown>): Promise<void> {
    const checked = billingDetailsUpdate(postedBillingDetails(body));
    if ('problem' in checked) throw refused('details', checked.problem);
    const dto = plainToInstance(UpdateCustomerDto, checked.update);
    const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
    const first = firstProblem(errors);
    if (first) throw refused(first.field, first.message);
    await this.customers.update(companyId, customerId, dto);
  }
}

/** A 400 whose message is the sentence the page shows (without its full stop, which the page adds). */
function refused(field: string, sentence: string): DomainError {
  const message = sentence.replace(/\.$/, '');
  return new DomainError('invalid_field', 'validation', message, { [field]: message });
}

function firstProblem(errors: ValidationError[], path = ''): { field: string; message: string } | null {
  for (const e of errors) {
    const field = path ? `${path}.${e.property}` : e.property;
    const message = Object.values(e.constraints ?? {})[0];
    if (message) return { field, message: `The ${field.replace(/[._]/g, ' ')} ${message.replace(/^\S+ /, '')}` };
    const nested = firstProblem(e.children ?? [], field);
    if (nested) return nested;
  }
  return null;
}
