import { Module } from '@nestjs/common';
import { CustomersController } from './customers.controller';
import { CustomersRepository } from './customers.repository';
import { CustomerLookupService } from './customer-lookup.service';
import { CustomersService } from './customers.service';
import { CustomerEntitlementsPort } from './customer-entitlements.port';

@Module({
  controllers: [CustomersController],
  providers: [CustomersRepository, CustomerLookupService, CustomersService, CustomerEntitlementsPort],
  exports: [CustomerLookupService, CustomersRepository, CustomerEntitlementsPort],
})
export class CustomersModule {}
