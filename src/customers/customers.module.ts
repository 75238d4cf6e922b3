import { Module } from '@nestjs/common';
import { CustomersController } from './customers.controller';
import { CustomersRepository } from './customers.repository';
import { CustomerLookupService } from './customer-lookup.service';
import { CustomersService } from './customers.service';
import { CustomerEntitlementsPort } from './customer-entitlements.port';
import { CustomersHooks } from './customers.hooks';

@Module({
  controllers: [CustomersController],
  providers: [CustomersRepository, CustomerLookupService, CustomersService, CustomersHooks, CustomerEntitlementsPort],
  exports: [CustomerLookupService, CustomersRepository, CustomersHooks, CustomerEntitlementsPort],
})
export class CustomersModule {}
