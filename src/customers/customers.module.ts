import { Module } from '@nestjs/common';
import { CustomersController } from './customers.controller';
import { CustomersRepository } from './customers.repository';
import { CustomerLookupService } from './customer-lookup.service';
import { CustomersService } from './customers.service';
import { CustomersViews } from './customers.views';
import { CustomerEntitlementsPort } from './customer-entitlements.port';

@Module({
  controllers: [CustomersController],
  providers: [CustomersRepository, CustomerLookupService, CustomersService, CustomersViews, CustomerEntitlementsPort],
  exports: [CustomerLookupService, CustomersRepository, CustomersViews, CustomerEntitlementsPort],
})
export class CustomersModule {}
