import { Module } from '@nestjs/common';
import { CustomersController } from './customers.controller';
import { CustomersRepository } from './customers.repository';
import { CustomerLookupService } from './customer-lookup.service';
import { CustomersService } from './customers.service';

@Module({
  controllers: [CustomersController],
  providers: [CustomersRepository, CustomerLookupService, CustomersService],
  exports: [CustomerLookupService, CustomersRepository],
})
export class CustomersModule {}
