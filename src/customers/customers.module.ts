import { Module } from '@nestjs/common';
import { CustomersRepository } from './customers.repository';
import { CustomerLookupService } from './customer-lookup.service';

@Module({
  controllers: [],
  providers: [CustomersRepository, CustomerLookupService],
  exports: [CustomerLookupService, CustomersRepository],
})
export class CustomersModule {}
